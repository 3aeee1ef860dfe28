// End-to-end tests drive Debian's Chromium (its headless shell when installed, as
// tests/e2e/support/browser.ts chooses); say how to get it instead of failing obscurely.
import { existsSync } from 'node:fs';

const SHELL = '/usr/bin/chromium-headless-shell';
const path = process.env.CHROMIUM_PATH || (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
if (!existsSync(path)) {
  console.error(
    `\nEnd-to-end tests need Chromium at ${path}, and it is not there.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell\n' +
      '(or set CHROMIUM_PATH to another Chromium binary).\n' +
      'To run only the unit tests without a browser:  npm run test:unit\n',
  );
  process.exit(1);
}
if (!process.env.CHROMIUM_PATH && path !== SHELL)
  console.log(
    "End-to-end tests run in Chromium; with Debian's chromium-headless-shell installed they take about a quarter less CPU.",
  );
