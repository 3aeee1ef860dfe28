// The three fake providers with the credentials the notification fixture configures
// (server/notifications/notify-fixture.ts `configure`): Twilio account AC123 with its auth token,
// a Slack bot token that knows the host (employee@acme.test), and a Teams webhook.
import { startSlackFake } from './slack';
import { startTeamsFake } from './teams';
import { startTwilioFake } from './twilio';

export async function startStandardFakes() {
  const [twilio, slack, teams] = await Promise.all([
    startTwilioFake({ accountSid: 'AC123', authToken: 'twilio-secret' }),
    startSlackFake({ token: 'xoxb-secret', users: { 'employee@acme.test': 'U0HOST' } }),
    startTeamsFake(),
  ]);
  return { twilio, slack, teams };
}
export type StandardFakes = Awaited<ReturnType<typeof startStandardFakes>>;
