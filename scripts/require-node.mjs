// Imported first by `npm start` and `npm test`: one clear line instead of a cryptic failure
// from wrangler or vitest on an old Node.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Hatid needs Node 22.12 or newer; you have ${process.versions.node}.`);
  process.exit(1);
}
