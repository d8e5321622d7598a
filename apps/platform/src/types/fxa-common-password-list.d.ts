/** Mozilla's list of the 50,000 most common passwords of 8+ characters, lower-cased (MPL-2.0). */
declare module 'fxa-common-password-list' {
  const commonPasswordList: { test(password: string): boolean };
  // eslint-disable-next-line import-x/no-default-export -- a CommonJS module: its exports object is the default
  export default commonPasswordList;
}
