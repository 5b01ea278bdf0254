import { describeAreaRoutes } from '../../../test/web/areaRoutes';
import routes from './index';

describeAreaRoutes('student', routes);
