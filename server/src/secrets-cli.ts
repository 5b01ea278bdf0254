import { generateSecrets, SECRET_VARIABLES } from './secrets';

// Prints a fresh set of the secrets every process of a deployment on an external database shares, as .env lines:
//   node --import tsx server/src/secrets-cli.ts >> .env
const secrets = generateSecrets();
for (const [field, variable] of Object.entries(SECRET_VARIABLES)) {
  console.log(`${variable}=${secrets[field as keyof typeof SECRET_VARIABLES]}`);
}
