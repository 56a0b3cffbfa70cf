/**
 * Credentials: an encrypted in-memory store, the credential type registry, and the helper n8n-core calls
 * from `getCredentials()` and the request helpers.
 */
import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	isExpression,
	type ICredentialDataDecryptedObject,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeParameters,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { node } from './node';
import { HarnessNodeTypes } from './nodeTypes';

/**
 * Credential values in plain JSON, keyed by credential id; a key equal to a credential type name
 * also serves every node credential of that type (so `{ venueBookingApi: {...} }` is enough).
 * A value may name its type explicitly: `{ type: 'venueBookingApi', data: {...} }`.
 */
export type CredentialsMap = Record<
	string,
	ICredentialDataDecryptedObject | { type: string; data: ICredentialDataDecryptedObject }
>;

export class HarnessCredentialTypes {
	private readonly byName = new Map<string, ICredentialType>();

	constructor(types: ICredentialType[]) {
		for (const type of types) {
			// The package's credential extends nothing; inheritance (OAuth2 and the like) is left out.
			if (type.extends?.length) {
				throw new Error(`harness: credential type "${type.name}" extends ${type.extends.join(', ')}, which is not supported`);
			}
			this.byName.set(type.name, type);
		}
	}

	getByName(name: string): ICredentialType {
		const type = this.byName.get(name);
		if (!type) throw new Error(`harness: credential type "${name}" is not registered`);
		return type;
	}

}

/**
 * The `ICredentialsHelper` n8n-core calls from `getCredentials()` and the request helpers. It
 * follows what n8n's CLI helper does, written small:
 * - credentials are stored encrypted with n8n-core's `Credentials` (real Cipher) and decrypted
 *   per use; the credential type's defaults fill missing fields; `={{ }}` values are resolved;
 * - `authenticate`: a function is called; a generic object has every `{{$credentials.x}}` in its
 *   keys and values resolved with the workflow's expression engine and is merged into the
 *   request's headers/qs/body/auth;
 * - `preAuthentication` runs only for types with a hidden `expirable` property, when that
 *   property is empty or the request got a 401; its output is stored back.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly store = new Map<string, Credentials>();

	constructor(
		private readonly types: HarnessCredentialTypes,
		values: CredentialsMap,
	) {
		super();
		for (const [id, value] of Object.entries(values)) {
			const explicit = typeof value.type === 'string' && typeof value.data === 'object';
			const type = explicit ? (value.type as string) : id;
			const data = explicit ? (value.data as ICredentialDataDecryptedObject) : value;
			const credentials = new Credentials({ id, name: id }, type);
			credentials.setData(data as ICredentialDataDecryptedObject);
			this.store.set(id, credentials);
		}
	}

	/** n8n-core asks for parent types to spot OAuth credentials; no registered type has any. */
	getParentTypes(): string[] {
		return [];
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		const credentials =
			(nodeCredentials.id ? this.store.get(nodeCredentials.id) : undefined) ?? this.store.get(type);
		if (!credentials || credentials.type !== type) {
			throw new Error(
				`harness: no credentials of type "${type}" with id "${nodeCredentials.id ?? ''}" (credentials option)`,
			);
		}
		return credentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		resolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = (await this.getCredentials(nodeCredentials, type)).getData();
		if (raw === true) return stored;

		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			stored as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (!Object.values(withDefaults).some(isExpression)) return withDefaults;

		if (!resolveValues) {
			// No item in reach (e.g. a poll): resolve with a throwaway workflow, as n8n does.
			const bare = new Workflow({
				nodes: [],
				connections: {},
				active: false,
				nodeTypes: new HarnessNodeTypes({}),
			});
			const stub = node('', 'credentials');
			return bare.expression.getComplexParameterValue(
				stub,
				withDefaults as INodeParameters,
				mode,
				{},
				undefined,
				undefined,
				withDefaults,
			) as ICredentialDataDecryptedObject;
		}
		return resolveValues.workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			resolveValues.runExecutionData,
			resolveValues.runIndex,
			resolveValues.itemIndex,
			resolveValues.node.name,
			resolveValues.connectionInputData,
			mode,
			{},
			executeData,
			false,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [part, entries] of Object.entries(authenticate.properties)) {
				target[part] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					target[part][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!type.preAuthentication || !expirable) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;

		const nodeCredentials = node.credentials?.[typeName];
		if (nodeCredentials) {
			const stored = await this.getCredentials(nodeCredentials, typeName);
			stored.setData({ ...stored.getData(), ...(output as ICredentialDataDecryptedObject) });
		}
		return Object.assign(credentials, output);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		(await this.getCredentials(nodeCredentials, type)).setData(data);
	}

	async updateCredentialsOauthTokenData(): Promise<never> {
		throw new Error('harness: OAuth credentials are not supported');
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types.getByName(type).properties;
	}
}
