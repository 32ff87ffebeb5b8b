// pnpm hook: aws-lambda-ric (an optional dev dependency of adapters/lambda, for its tests) declares
// `engines: node >=22`, and pnpm skips an optional dependency whose engines do not match. Its
// runtime and native client run on the Node.js 20 this repository supports (adapters/lambda's
// real-runtime tests prove it), so its engines field is dropped here, and only its.
module.exports = {
  hooks: {
    readPackage(pkg) {
      if (pkg.name === 'aws-lambda-ric') delete pkg.engines;
      return pkg;
    },
  },
};
