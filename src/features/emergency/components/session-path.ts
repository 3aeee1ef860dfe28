// The session page's address (spec 1 §2): /emergency-sessions/{sessionName}/{sessionId}.
export const sessionPath = (group: { id: string; name: string }): string =>
  `/emergency-sessions/${encodeURIComponent(group.name)}/${group.id}`;
