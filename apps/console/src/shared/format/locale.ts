/** The locale the console formats numbers and amounts in (the specification's, section 9). */
export const NUMBER_LOCALE = 'en-ZA';
