import { dirname, resolve, sep } from 'node:path';

/**
 * Each app is built in layers, each importing only from the layers below it:
 * server: the environment (config.ts) and platform → telephony → features → the app (app.ts, main.ts);
 * web: shared → phone → features → app/.
 * Features never import each other: what two features need lives below them, not beside them.
 * Test support (server `testing/`, web `test/`) stands outside the layers, and a test may build the app.
 */
const LAYERS = {
  server: ['platform', 'telephony', 'features', 'app'],
  web: ['shared', 'phone', 'features', 'app'],
};

/** The app, layer and feature a path belongs to, or null outside a layered app. */
function place(path) {
  const m = path
    .split(sep)
    .join('/')
    .match(/\/apps\/(server|web)\/src\/(?:([^/]+)\/)?(?:([^/.]+))?/);
  if (!m) return null;
  const [, app, dir, name] = m;
  // The server's files beside the layers are the app itself, but for config.ts: the environment.
  const layer = dir ?? (name === 'config' ? 'platform' : 'app');
  const rank = LAYERS[app].indexOf(layer);
  return rank < 0 ? null : { app, layer, rank, feature: layer === 'features' ? name : undefined };
}

export const layers = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}'; move the shared part to shared/ or platform/.",
      upward: "'{{from}}' must not import from the layer above it ('{{to}}'); move the shared part down.",
    },
    schema: [],
  },
  create(context) {
    const from = place(context.filename);
    if (!from) return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = place(resolve(dirname(context.filename), source));
      if (!to || to.app !== from.app) return;
      const upward = to.rank > from.rank && !(isTest && to.layer === 'app');
      if (upward) context.report({ node, messageId: 'upward', data: { from: from.layer, to: to.layer } });
      else if (from.feature && to.feature && to.feature !== from.feature)
        context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
