/** A mailto link with a subject, encoded (a position may hold &, ? or non-ASCII letters). */
export const mailWithSubject = (mailto: string, subject: string) => `${mailto}?subject=${encodeURIComponent(subject)}`;
