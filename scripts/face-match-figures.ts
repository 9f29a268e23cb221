/**
 * The photo-verification matcher's error rates at the chosen thresholds, measured on labelled
 * pairs: `pnpm --filter @kindred/scripts face-match-figures` (no database, no network).
 *
 * The faces are the 22 fixtures in apps/api/src/features/photo-verification/fixtures (one person
 * each, from the demo pictures of the MIT-licensed @vladmandic/face-api package). Different-person
 * pairs: every pair of them (231). Same-person pairs: each face against nine edits of itself
 * (mirrored, re-cropped, lighter, darker, blurred, JPEG quality 25, half resolution, tilted 15°,
 * greyscale): 198. No set of one person photographed twice ships in an npm package, so the
 * same-person figures are optimistic: a real selfie differs from a profile photo by more than an
 * edit does, which is what the moderators' band between the thresholds is for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  faceSimilarity,
  FACE_MATCH_THRESHOLDS,
  mainFace,
  type DetectedFace,
} from '../apps/api/src/features/photo-verification/face-analyzer.js';
import {
  editFace,
  SAME_PERSON_EDITS,
} from '../apps/api/src/features/photo-verification/face-edits.js';
import { createFaceModelAnalyzer } from '../apps/api/src/features/photo-verification/face-model.js';

const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/api/src/features/photo-verification/fixtures',
);

const analyzer = createFaceModelAnalyzer({
  workers: 1,
  logger: { info: () => {}, warn: () => {} },
});
const times: number[] = [];

async function faceOf(image: Buffer): Promise<DetectedFace | undefined> {
  const started = performance.now();
  const faces = await analyzer.analyze(image);
  times.push(performance.now() - started);
  return mainFace(faces);
}

const files = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.jpg'))
  .sort();
const originals = new Map<string, DetectedFace>();
const same: { file: string; edit: string; similarity: number | undefined }[] = [];
// The first analysis loads the model: timed apart.
const loadStarted = performance.now();
await analyzer.analyze(readFileSync(path.join(FIXTURES, files[0]!)));
const loadMs = performance.now() - loadStarted;

for (const file of files) {
  const bytes = readFileSync(path.join(FIXTURES, file));
  const face = await faceOf(bytes);
  if (!face) throw new Error(`no face found in ${file}`);
  originals.set(file, face);
  for (const edit of SAME_PERSON_EDITS) {
    const other = await faceOf(await editFace(bytes, edit));
    same.push({
      file,
      edit,
      similarity: other ? faceSimilarity(face.descriptor, other.descriptor) : undefined,
    });
  }
}
await analyzer.close();

const different: number[] = [];
const names = [...originals.keys()];
for (let i = 0; i < names.length; i += 1) {
  for (let j = i + 1; j < names.length; j += 1) {
    different.push(
      faceSimilarity(originals.get(names[i]!)!.descriptor, originals.get(names[j]!)!.descriptor),
    );
  }
}

const { accept, refuse } = FACE_MATCH_THRESHOLDS;
const sameScores = same.map((pair) => pair.similarity ?? -1);
const percent = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;
const count = (values: number[], test: (value: number) => boolean) => values.filter(test).length;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
const median = (values: number[]) => quantile(values, 0.5);

console.log(
  `Face matcher on ${files.length} faces (${same.length} same-person pairs, ${different.length} different-person pairs)`,
);
console.log(
  `thresholds: verified at ≥ ${accept}, refused below ${refuse}, moderators in between\n`,
);
console.log('| pairs | verified | to moderators | refused | similarity min / median / max |');
console.log('| --- | --- | --- | --- | --- |');
for (const [label, values] of [
  ['same person', sameScores],
  ['different people', different],
] as const) {
  console.log(
    `| ${label} (${values.length}) | ${percent(
      count(values, (v) => v >= accept),
      values.length,
    )} | ${percent(
      count(values, (v) => v >= refuse && v < accept),
      values.length,
    )} | ${percent(
      count(values, (v) => v < refuse),
      values.length,
    )} | ${sorted(values)[0]!.toFixed(2)} / ${median(values).toFixed(2)} / ${sorted(values).at(-1)!.toFixed(2)} |`,
  );
}
const lost = same.filter((pair) => pair.similarity === undefined);
console.log(
  `\nno face found in an edited image (counted as refused): ${lost.map((pair) => `${pair.file} ${pair.edit}`).join(', ') || 'none'}`,
);
console.log(
  `false accept (a different person verified): ${percent(
    count(different, (v) => v >= accept),
    different.length,
  )}`,
);
console.log(
  `false reject (the same person refused): ${percent(
    count(sameScores, (v) => v < refuse),
    sameScores.length,
  )}; not verified at once (refused or to moderators): ${percent(
    count(sameScores, (v) => v < accept),
    sameScores.length,
  )}`,
);
const byEdit = new Map<string, number[]>();
for (const pair of same)
  byEdit.set(pair.edit, [...(byEdit.get(pair.edit) ?? []), pair.similarity ?? -1]);
console.log(
  `same person, lowest similarity per edit: ${[...byEdit].map(([edit, values]) => `${edit} ${sorted(values)[0]!.toFixed(2)}`).join(', ')}`,
);
console.log(
  `analysis time per image (${times.length} images, one worker): median ${median(times).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms; model load ${loadMs.toFixed(0)} ms`,
);
