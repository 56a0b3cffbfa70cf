// Copies the node icons and codex files next to the compiled nodes: tsc only emits JavaScript.
const { src, dest } = require('gulp');

function copyIcons() {
	return src(['nodes/**/*.svg', 'nodes/**/*.png', 'nodes/**/*.node.json', 'credentials/**/*.svg'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports['build:icons'] = copyIcons;
