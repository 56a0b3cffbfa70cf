// Copies the node icons next to the compiled nodes: tsc only emits JavaScript.
const { src, dest } = require('gulp');

function copyIcons() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'credentials/**/*.svg'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports['build:icons'] = copyIcons;
