import { packageTests } from '../../vitest.shared';

export default packageTests({ include: ['test/**/*.test.ts'], passWithNoTests: false });
