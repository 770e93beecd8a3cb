/**
 * How the tests start Chromium: the config uses it for every spec, and a spec that needs more
 * flags (the fake camera) adds them to these.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  // A closed network: keep Chromium from phoning home at every start.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--no-first-run',
    '--disable-domain-reliability',
    '--metrics-recording-only',
  ],
}
