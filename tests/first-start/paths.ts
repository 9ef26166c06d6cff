/** Where the first-start journey's server keeps its embedded database and its printed output. */
export const FIRST_START_DIR = '.tmp/first-start';
