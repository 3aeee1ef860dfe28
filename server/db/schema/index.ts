// The whole Drizzle schema, one import for the database handle and drizzle-kit.
export * from './entities';
export * from './people';
export * from './user-documents';
export * from './places';
export * from './journeys';
export * from './sync';
export * from './kiosk';
export * from './kiosk-config';
export * from './kiosk-commands';
export * from './kiosk-pairing';
export * from './dashboard';
export * from './preregistration';
export * from './emergency';
export * from './rfid-enrolment';
