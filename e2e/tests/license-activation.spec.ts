import { expect, test, type Browser, type Page } from '@playwright/test';
import { LICENSE_TEXTS, LicenseSection } from '../pages/license-section';
import { createLicenseKey } from '../pages/license-server-admin';
import { keepScreenshot } from '../support/screenshots';

const OPENAI_KEY = 'sk-proj-' + 'abcDEF123_-x'.repeat(6);

/** A separate browser profile: its own localStorage, so its own device id. */
async function newDevice(browser: Browser): Promise<{ page: Page; license: LicenseSection }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, license: new LicenseSection(page) };
}

function activationRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/license/activate')) seen.push(request.url());
  });
  return seen;
}

test.describe('License activation', () => {
  test('an OpenAI API key pasted as a license key is refused with the exact text, and nothing is sent', async ({
    page,
  }) => {
    const sent = activationRequests(page);
    const license = new LicenseSection(page);
    await license.open();
    await expect(license.status('Unlicensed')).toBeVisible();
    await expect(license.noLicenseBanner).toHaveText(LICENSE_TEXTS.noLicenseKey);
    await expect(license.feature('Text to speech', false)).toBeVisible();
    await keepScreenshot(page, 'license-activation');

    await license.keyField.fill(OPENAI_KEY);
    await expect(license.keyError).toHaveText(LICENSE_TEXTS.openAIKeyRefusal);
    await license.activateButton.click();
    await expect(license.keyError).toHaveText(LICENSE_TEXTS.openAIKeyRefusal);
    await keepScreenshot(page, 'license-activation-openai-key');

    await license.keyField.fill('PARLEY-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH');
    await license.activateButton.click();
    await expect(license.keyError).toHaveText(LICENSE_TEXTS.invalidKey);
    // Only the real-looking key reached the server.
    expect(sent).toHaveLength(1);
  });

  test('one key, one device slot: A activates, B hits the limit, A deactivates, B activates and Text to speech unlocks', async ({
    browser,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process with tsx
    const key = await createLicenseKey(request, { plan: 'extended', devices: 1 });
    const a = await newDevice(browser);
    const b = await newDevice(browser);

    await a.license.open();
    await a.license.activate(key, 'Laptop A');
    await expect(a.license.managerHeading).toBeVisible();
    await expect(a.license.status('Extended license')).toBeVisible();
    await expect(a.license.dialog.getByText(`••••-••••-${key.slice(-4)}`)).toBeVisible();
    await expect(a.license.device('Laptop A')).toContainText('This device');
    await expect(a.license.dialog.getByText('1 of 1 devices in use')).toBeVisible();
    await expect(a.license.feature('Text to speech', true)).toBeVisible();
    // Extended does not include vision (Premium): the feature list says so, not "coming".
    await expect(a.license.feature('Vision (images in chats)', false)).toBeVisible();
    await expect(a.license.comingFeature('Fill in content with AI')).toBeVisible();
    await keepScreenshot(a.page, 'license-manager');

    await b.license.open();
    await expect(b.license.feature('Text to speech', false)).toBeVisible();
    await b.license.activate(key, 'Desktop B');
    await expect(b.license.keyError).toHaveText(LICENSE_TEXTS.deviceLimit);
    await expect(b.license.dialog.getByText(LICENSE_TEXTS.unlinkAndReenter)).toBeVisible();
    await keepScreenshot(b.page, 'license-device-limit');

    await a.license.deactivate();
    await expect(a.license.status('Unlicensed')).toBeVisible();
    await expect(a.license.feature('Text to speech', false)).toBeVisible();

    await b.license.activateButton.click();
    await expect(b.license.managerHeading).toBeVisible();
    await expect(b.license.device('Desktop B')).toContainText('This device');
    await expect(b.license.device('Laptop A')).toHaveCount(0);
    await expect(b.license.feature('Text to speech', true)).toBeVisible();

    // The token is kept and verified again on the next start.
    await b.license.open();
    await expect(b.license.status('Extended license')).toBeVisible();
    await expect(b.license.feature('Text to speech', true)).toBeVisible();
  });

  test('LS11 a team key for one user: Ana activates, Ben is refused by the user limit, Ana on a second device is allowed', async ({
    browser,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process with tsx
    const key = await createLicenseKey(request, { plan: 'team', users: 1 });
    const anaLaptop = await newDevice(browser);
    const benDesktop = await newDevice(browser);
    const anaPhone = await newDevice(browser);

    await anaLaptop.license.open();
    // A fresh profile, signed out of cloud sync: nothing to prefill.
    await expect(anaLaptop.license.userNameField).toHaveValue('');
    await anaLaptop.license.activate(key, 'Ana laptop', 'ana@example.com');
    await expect(anaLaptop.license.managerHeading).toBeVisible();
    await expect(anaLaptop.license.status('Team license')).toBeVisible();
    await expect(anaLaptop.license.device('Ana laptop')).toContainText('ana@example.com');

    await benDesktop.license.open();
    await benDesktop.license.activate(key, 'Ben desktop', 'ben@example.com');
    await expect(benDesktop.license.keyError).toHaveText(LICENSE_TEXTS.userLimit);
    await expect(benDesktop.license.dialog.getByText(LICENSE_TEXTS.unlinkUserAndReenter)).toBeVisible();
    await expect(benDesktop.license.status('Unlicensed')).toBeVisible();
    await keepScreenshot(benDesktop.page, 'license-user-limit');

    // The same person, written differently, is the same user.
    await anaPhone.license.open();
    await anaPhone.license.activate(key, 'Ana phone', '  ANA@example.com ');
    await expect(anaPhone.license.managerHeading).toBeVisible();
    await expect(anaPhone.license.device('Ana phone')).toContainText('This device');
    await expect(anaPhone.license.device('Ana laptop')).toContainText('ana@example.com');
    await expect(anaPhone.license.dialog.getByText('2 of 50 devices in use')).toBeVisible();

    // The name is remembered for the next activation on this device.
    await anaPhone.license.deactivate();
    await expect(anaPhone.license.userNameField).toHaveValue('ANA@example.com');
  });

  test('a stored license token that was tampered with is ignored: the app is Unlicensed and says why', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process with tsx
    const key = await createLicenseKey(request, { plan: 'standard' });
    const license = new LicenseSection(page);
    await license.open();
    await license.activate(key, 'Tamper test');
    await expect(license.status('Standard license')).toBeVisible();

    await page.evaluate(() => {
      const token = JSON.parse(localStorage.getItem('TM_licenseToken')!) as string;
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as object;
      const forged = btoa(JSON.stringify({ ...claims, plan: 'premium' }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem('TM_licenseToken', JSON.stringify(`${header}.${forged}.${signature}`));
    });
    await license.open();
    await expect(license.status('Unlicensed')).toBeVisible();
    await expect(license.dialog.getByRole('alert')).toContainText('could not be verified');
    await expect(license.feature('Text to speech', false)).toBeVisible();
  });

  test('the plans screen lists the plans and the catalogue facts, and how this server makes keys', async ({
    page,
  }) => {
    const license = new LicenseSection(page);
    await license.open();
    await license.seePlansButton.click();
    await expect(license.plansHeading).toBeVisible();
    for (const plan of ['Standard', 'Extended', 'Premium', 'Team'])
      await expect(license.dialog.getByRole('heading', { name: plan, exact: true })).toBeVisible();
    for (const fact of [
      '10 users on 50 devices',
      '5 devices per license',
      '14-day money-back guarantee',
      '365 days of support',
    ])
      await expect(license.dialog.getByText(fact, { exact: true })).toBeVisible();
    // A self-hosted server has no shop: the plans say how its owner makes a key.
    await expect(license.dialog.getByRole('link', { name: 'Buy a license key' })).toHaveCount(0);
    const help = license.dialog.getByRole('complementary', { name: 'Self-hosted server' });
    await expect(help).toContainText('npm run license -- create --plan extended');
    await keepScreenshot(page, 'license-upgrade');
    await help.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'license-upgrade-buy');
  });
});
