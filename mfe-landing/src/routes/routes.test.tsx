import { describeAreaRoutes } from '../../../shell/src/test/areaRoutes';
import routes from './index';

describeAreaRoutes('landing', routes);
