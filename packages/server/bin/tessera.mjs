#!/usr/bin/env node
// The `tessera` command: runs the TypeScript sources directly through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
await runCli(process.argv);
