// Dates and times on the dashboard: the app's one formatter (domain/date-format.ts).
export { formatDate, formatDayMonth, formatTime } from '../../../domain/date-format';
