// Text colours that pass WCAG AA (4.5:1) for small text on white. Mantine's orange.8 (#e8590c) is
// 3.58:1 and orange.9 4.3:1: a warning written in small text takes this darker orange instead.
export const WARNING_TEXT = '#b34100'; // 5.72:1 on #ffffff
