// Jest runs server modules directly; the real package only guards against client bundles.
module.exports = {};
