// What the configuration page says of the providers' variables (each provider's settings module
// declares its own), for the one list of every variable (../environment-variables.ts).
export { FAX_VARIABLES } from '../submission/providers/telnyx-settings.js';
export { PAYMENT_VARIABLES } from '../payments/providers/stripe-settings.js';
