/** Plugin files written from the format description (generation 1 with JSON-text fields, generation 2). */

export const weatherGen1 = {
  uuid: 'e2e-weather-0001',
  id: 'get_weather',
  title: 'Weather',
  emoji: '🌦️',
  openaiSpec: JSON.stringify({
    name: 'get_weather',
    description: 'Current weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  }),
  userSettings: JSON.stringify([
    { name: 'units', label: 'Units', type: 'enum', values: ['metric', 'imperial'] },
    {
      name: 'apiKey',
      label: 'API key',
      type: 'password',
      required: true,
      description: 'From your weather account.',
    },
  ]),
  implementationType: 'javascript',
  code: 'async function get_weather(params) { return `Sunny in ${params.city}`; }',
  outputType: 'respond_to_ai',
};

export const teamToolsGen2 = {
  uuid: 'e2e-team-tools-0002',
  id: 'e2e-team-tools-0002',
  title: 'Team tools',
  emoji: '🧰',
  userSettings: [],
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
      httpAction: {
        method: 'GET',
        url: 'https://api.example.com/users?email={email}',
        hasResultTransform: true,
        resultTransform: { engine: 'jmes', expression: 'users[0].name' },
      },
      outputType: 'respond_to_ai',
    },
    {
      id: 'f2',
      name: 'remote_files',
      implementationType: 'mcp',
      serverConfig: { mcpServers: { files: { command: 'files-server' } } },
    },
  ],
};

export const mcpOnlyGen2 = {
  uuid: 'e2e-mcp-only-0003',
  id: 'e2e-mcp-only-0003',
  title: 'Remote drive',
  emoji: '🗂️',
  pluginFunctions: [
    {
      id: 'm1',
      name: 'drive_search',
      implementationType: 'mcp',
      serverConfig: { mcpServers: { drive: { url: 'https://mcp.example.com' } } },
    },
  ],
};
