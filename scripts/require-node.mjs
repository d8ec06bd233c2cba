// Imported first by `npm start` and `npm test`: one clear line, naming the next step, instead of a
// cryptic failure from wrangler or vitest on an old Node. It imports nothing, so it runs before
// anything that an old Node could fail to load.

/** The refusal for a Node version older than 22.12, or null when the version will do. */
export function nodeRefusal(version) {
  const [major, minor] = version.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return null;
  return (
    `Hatid needs Node 22.12 or newer; this is Node ${version}. ` +
    `Install Node 24 (with nvm: nvm install 24; without nvm: see "Node 22.12 or newer" in README.md), then run this again.`
  );
}

const refusal = nodeRefusal(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
