// The last step of `pnpm test`: says which suites were skipped by name, so that a green run never
// hides one. A suite that cannot run fails the run instead (scripts/ensure-lambda-ric.sh says why).
const skippedByName = [
  {
    variable: 'LAMBDA_RUNTIME_TESTS',
    suite: "adapters/lambda's real-runtime suite (AWS's runtime interface client, aws-lambda-ric)",
  },
].filter(({ variable }) => process.env[variable] === 'skip');

if (skippedByName.length === 0) {
  console.log('pnpm test: every suite ran; none was skipped by name.');
} else {
  console.log('pnpm test passed, with suites skipped by name (they did not run):');
  for (const { variable, suite } of skippedByName) console.log(`  - ${suite}: ${variable}=skip`);
}
