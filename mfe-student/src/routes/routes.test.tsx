import { describeAreaRoutes } from '../../../shell/src/test/areaRoutes';
import routes from './index';

describeAreaRoutes('student', routes);
