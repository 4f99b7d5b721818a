import { dirname, resolve, sep } from 'node:path';

/**
 * Features never import each other, and shared code (web `shared/`, server `platform/`) never imports
 * a feature: what two features need lives below them, not beside them.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}'; move the shared part to shared/ or platform/.",
      sharedToFeature: "'{{layer}}' must not import a feature ('{{to}}').",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const featureOf = (path) => {
      const m = path
        .split(sep)
        .join('/')
        .match(/\/src\/features\/([^/]+)\//);
      return m ? m[1] : null;
    };
    const layerOf = (path) => {
      const m = path
        .split(sep)
        .join('/')
        .match(/\/src\/(shared|platform)\//);
      return m ? m[1] : null;
    };
    const from = featureOf(file);
    const layer = layerOf(file);
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = featureOf(resolve(dirname(file), source) + '/');
      if (!to) return;
      if (from && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
      if (layer) context.report({ node, messageId: 'sharedToFeature', data: { layer, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
