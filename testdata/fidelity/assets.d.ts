/** Imported assets are base64 strings (the build embeds them); the harness generates the files. */
declare module '*.glb' {
  const data: string;
  export default data;
}
declare module '*.wav' {
  const data: string;
  export default data;
}
