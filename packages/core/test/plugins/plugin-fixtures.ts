/** Plugin files written from the format description (plugin-format.md), as found in the wild. */

export const gen1File = {
  uuid: '0f3c0d3e-8a51-4a0e-9a57-1d1b4b3f0a11',
  id: 'get_weather',
  title: 'Weather',
  emoji: '🌦️',
  version: 3,
  githubURL: 'https://example.com/weather-plugin',
  overviewMarkdown: '## Weather\nAsk for the weather anywhere.',
  openaiSpec: JSON.stringify({
    name: 'get_weather',
    description: 'Current weather of a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
    },
  }),
  userSettings: JSON.stringify([
    { name: 'units', label: 'Units', type: 'enum', values: ['metric', 'imperial'] },
    { name: 'apiKey', label: 'API key', type: 'password', required: true },
  ]),
  implementationType: 'javascript',
  code: 'async function get_weather(params, userSettings) { return `Sunny in ${params.city}`; }',
  outputType: 'respond_to_ai',
  permissions: ['read_user_message'],
};

export const gen2File = {
  uuid: '6d1b8d0e-51c5-4d1f-9c1e-3f6c8f3a7b22',
  id: '6d1b8d0e-51c5-4d1f-9c1e-3f6c8f3a7b22',
  title: 'Team tools',
  emoji: '🧰',
  iconURL: 'https://example.com/icon.png',
  userSettings: [{ name: 'token', label: 'Token', type: 'password' }],
  pluginFunctions: [
    {
      id: 'f1',
      name: 'lookup_user',
      implementationType: 'http',
      openaiSpec: {
        name: 'lookup_user',
        description: 'Find a user by e-mail',
        parameters: { type: 'object', properties: { email: { type: 'string' } } },
      },
      httpAction: JSON.stringify({
        id: 'h1',
        name: 'lookup',
        method: 'GET',
        url: 'https://api.example.com/users?email={email}',
        hasHeaders: true,
        requestHeaders: '{"Authorization": "Bearer {token}"}',
        hasBody: false,
        requestBodyFormat: 'json',
        hasResultTransform: true,
        resultTransform: { engine: 'jmes', expression: 'users[0].name' },
      }),
      outputType: 'respond_to_ai',
    },
    {
      id: 'f2',
      name: 'make_card',
      implementationType: 'javascript',
      openaiSpec: { name: 'make_card', description: 'A card', parameters: { type: 'object' } },
      code: 'function make_card() { return [{ title: "Hi" }]; }',
      outputType: 'cards',
    },
    {
      id: 'f3',
      name: 'remote_files',
      implementationType: 'mcp',
      serverConfig: { mcpServers: { files: { command: 'npx', args: ['files-server'] } } },
    },
  ],
  dynamicContextEndpoints: [],
};
