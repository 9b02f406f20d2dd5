import { runLicenseCommand } from './license-command';

// `npm run license -- <command>`: the process entry of the license command (license-command.ts).
process.exitCode = await runLicenseCommand(process.argv.slice(2), process.env, process.cwd(), {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
