import type { Context, Hono } from 'hono';
import { SCIM, SCIM_MAX_COUNT, ScimError, scimJson } from './scim-protocol';

const attribute = (name: string, type: string, more: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/** The schemas as far as Parley keeps them (RFC 7643 section 7): what a provider may map. */
function schemas(baseUrl: string) {
  return [
    {
      schemas: [SCIM.schema],
      id: SCIM.user,
      name: 'User',
      description: 'A member of this Parley server',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server' }),
        attribute('displayName', 'string'),
        attribute('name', 'complex', { subAttributes: [attribute('formatted', 'string')] }),
        attribute('emails', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string')] }),
        attribute('active', 'boolean'),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly' }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM.user}` },
    },
    {
      schemas: [SCIM.schema],
      id: SCIM.group,
      name: 'Group',
      description: 'A group of members; two may give roles (SCIM_ADMIN_GROUP, SCIM_MODERATOR_GROUP)',
      attributes: [
        attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
        attribute('members', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string')] }),
        attribute('externalId', 'string', { caseExact: true }),
      ],
      meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${SCIM.group}` },
    },
  ];
}

function resourceTypes(baseUrl: string) {
  return [
    { name: 'User', endpoint: '/Users', schema: SCIM.user },
    { name: 'Group', endpoint: '/Groups', schema: SCIM.group },
  ].map((type) => ({
    schemas: [SCIM.resourceType],
    id: type.name,
    name: type.name,
    endpoint: type.endpoint,
    schema: type.schema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${type.name}` },
  }));
}

/** `/ServiceProviderConfig`, `/Schemas`, `/ResourceTypes` (RFC 7644 section 4). */
export function scimDiscovery(routes: Hono, baseUrl: (c: Context) => string) {
  routes.get('/ServiceProviderConfig', (c) =>
    scimJson(c, {
      schemas: [SCIM.serviceProviderConfig],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
      filter: { supported: true, maxResults: SCIM_MAX_COUNT },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [
        {
          type: 'oauthbearertoken',
          name: 'Bearer token',
          description: 'The SCIM_TOKEN of this server',
          primary: true,
        },
      ],
      meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl(c)}/ServiceProviderConfig` },
    }),
  );
  const list = (resources: unknown[]) => ({
    schemas: [SCIM.listResponse],
    totalResults: resources.length,
    startIndex: 1,
    itemsPerPage: resources.length,
    Resources: resources,
  });
  routes.get('/Schemas', (c) => scimJson(c, list(schemas(baseUrl(c)))));
  routes.get('/Schemas/:id', (c) => {
    const found = schemas(baseUrl(c)).find((schema) => schema.id === c.req.param('id'));
    if (!found) throw new ScimError(404, `No ${c.req.param('id')}.`);
    return scimJson(c, found);
  });
  routes.get('/ResourceTypes', (c) => scimJson(c, list(resourceTypes(baseUrl(c)))));
  routes.get('/ResourceTypes/:id', (c) => {
    const found = resourceTypes(baseUrl(c)).find((type) => type.id === c.req.param('id'));
    if (!found) throw new ScimError(404, `No ${c.req.param('id')}.`);
    return scimJson(c, found);
  });
}
