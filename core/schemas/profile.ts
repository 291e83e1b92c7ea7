// A wallet's public profile (spec 1 'Account page'): the username the form and the server
// both limit the same way.

/** Usernames are stored trimmed, at most this long (a departure: the spec sets no limit). */
export const USERNAME_MAX = 50;
export const USERNAME_TOO_LONG = `Username must be at most ${USERNAME_MAX} characters`;
