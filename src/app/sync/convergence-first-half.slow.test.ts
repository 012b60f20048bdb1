// The convergence property at its full count, the first half: the two halves run side by side in the slow tier.
import { describeConvergence, FULL_RUN } from '../test/convergence.js';

describeConvergence(Math.ceil(FULL_RUN / 2));
