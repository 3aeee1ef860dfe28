// The kiosk's screens after "who are you?": one lazy chunk, so the home screen's first load
// (budget: 170 KB gzip) does not carry them. kiosk-app.tsx starts loading it as soon as
// a journey starts; the service worker has it precached, so it loads offline too.
export { ChecksStep } from './checks-step';
export { ComplianceStep } from './compliance-step';
export { HostStep } from './host-step';
export { InstructionStep } from './instruction-step';
export { NewPersonStep } from './new-person-step';
export { ReasonStep } from './reason-step';
export { ResultStep } from './result-step';
