import { App } from 'aws-cdk-lib';
import { buildKehila } from './build';
import { parseDeployConfig, readDeployParameters } from './config';
import { applyNagChecks } from './nag';

/** The CDK app (cdk.json runs it with tsx): every stack of one stage, checked by cdk-nag. */
const app = new App();
const config = parseDeployConfig(readDeployParameters((key) => app.node.tryGetContext(key)));
buildKehila(app, config);
applyNagChecks(app);
app.synth();
