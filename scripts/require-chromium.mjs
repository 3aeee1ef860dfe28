// End-to-end tests drive Debian's Chromium; say how to get it instead of failing obscurely.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `\nEnd-to-end tests need Chromium at ${path}, and it is not there.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to another Chromium binary).\n' +
      'To run only the unit tests without a browser:  npm run test:unit\n',
  );
  process.exit(1);
}
