import { testContextForTests } from '@cti/testing';

import { gatewayService } from '../src/app';

const context = testContextForTests();

it('publishes the trusted origins, host routing and carbon calculator settings the web app needs', async () => {
  const gateway = await context.ctx.start(gatewayService, {
    TRUSTED_ORIGINS: 'https://calc.example.org, https://awg.example.org',
    USERS_HOST: 'users.cti.example.org',
    INDEX_HOST: 'index.cti.example.org',
    CARBON_CALCULATOR_URL: 'https://calc.example.org/login',
  });
  const config = (await gateway.inject({ method: 'GET', url: '/app-config.json' })).json();
  expect(config).toMatchObject({
    trustedOrigins: ['https://calc.example.org', 'https://awg.example.org'],
    usersHost: 'users.cti.example.org',
    indexHost: 'index.cti.example.org',
    carbonCalculatorUrl: 'https://calc.example.org/login',
  });
});
