import { renderStandalone } from '@campuscare/shared';
import routes from './routes';

renderStandalone(routes);
