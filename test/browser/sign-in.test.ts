import { openMenu } from "./top-nav";
import { describe, expect, it } from "vitest";
import { bookingBody } from "../fixtures/booking";
import {
  approvedRiderNumber,
  awaitCodeWindow,
  freshPhoneNumber,
  outboxMessage,
  rememberSession,
  signInAs,
  signUpAs,
  toInternational,
} from "./auth";
import { baseURL, call, useBrowser } from "./browser";

const { newContext } = useBrowser();

describe("sign-in through the real pages", () => {
  it("signs up a new customer: phone, code from the outbox, names, then home with Welcome", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    const phone = freshPhoneNumber();

    // The landing's wizard is plain forms posted to /sign-in (decision 0188): the server checks each step.
    await page.getByLabel("Mobile Number").fill("0917");
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByRole("alert").filter({ hasText: "Phone number must be at least 10 digits" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/sign-in");
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByRole("status").filter({ hasText: "OTP Sent" }).waitFor();

    const codeInput = page.getByLabel("OTP Code");
    await expect(codeInput.getAttribute("maxlength")).resolves.toBe("6");
    await expect(page.getByRole("button", { name: "Change Mobile Number" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Resend OTP" }).isVisible()).resolves.toBe(true);
    const { code } = await outboxMessage(toInternational(phone));
    await codeInput.fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();

    await page.getByRole("status").filter({ hasText: "OTP Verified" }).waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("pending_name_token"))).toMatch(/^ey/);
    await page.getByLabel("First Name").fill("Imelda");
    await page.getByLabel("Last Name").fill("Bautista");
    await page.getByRole("button", { name: "Complete Registration" }).click();

    await page.getByRole("heading", { name: "Welcome, Imelda!" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Login Successful" }).waitFor();
    await expect(page.getByText("Book deliveries and track orders").isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => sessionStorage.getItem("pending_name_token"))).resolves.toBeNull();
    const menu = await openMenu(page);
    await expect(menu.getByRole("link", { name: "Rider Dashboard" }).count()).resolves.toBe(0);
    await expect(menu.getByText("Imelda Bautista").isVisible()).resolves.toBe(true);
    // Still signed in after a reload: the session is a real cookie.
    await page.reload();
    await page.getByRole("heading", { name: "Welcome, Imelda!" }).waitFor();
  });

  it("lets a returning demo rider skip the name step and shows the Rider Dashboard link", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    await awaitCodeWindow("09170000003");
    await page.getByLabel("Mobile Number").fill("09170000003");
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByLabel("OTP Code").waitFor();
    const { code } = await outboxMessage("+639170000003");
    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByRole("heading", { name: "Welcome, Rosa!" }).waitFor();
    await expect(page.getByLabel("First Name").count()).resolves.toBe(0);
    await expect(page.getByText("Accept deliveries and earn money").isVisible()).resolves.toBe(true);
    await expect((await openMenu(page)).getByRole("link", { name: "Rider Dashboard" }).isVisible()).resolves.toBe(true);
  });

  it("shows the toast for a wrong code, and lets the user change the number", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/");
    const phone = freshPhoneNumber();
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByLabel("OTP Code").waitFor();
    const { code } = await outboxMessage(toInternational(phone));
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("OTP Code").fill(wrong);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid OTP code. Please check and try again" }).waitFor();
    await page.getByRole("button", { name: "Change Mobile Number" }).click();
    await expect(page.getByLabel("Mobile Number").inputValue()).resolves.toBe(phone);
  });

  it("keeps the address a sign-in link was sent to, for the email-verify page on this device", async () => {
    const page = await (await newContext()).newPage();
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in with email instead" }).click();
    await page.getByLabel("Email").fill("nilo.santos@example.ph");
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByText("nilo.santos@example.ph").first().waitFor();
    // The page's script keeps it (it runs once the page has loaded).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("emailForSignIn"))).toBe("nilo.santos@example.ph");
  });

  it("signs in a demo customer with JavaScript disabled: plain forms, their messages, then home", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/booking");
    const phoneInput = page.getByLabel("Mobile Number");
    await phoneInput.fill("0917");
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByText("Phone number must be at least 10 digits").waitFor();
    await expect(page.getByLabel("Mobile Number").inputValue()).resolves.toBe("0917");

    await awaitCodeWindow("09170000005");
    await page.getByLabel("Mobile Number").fill("09170000005");
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByText("Enter the 6-digit code sent to +639170000005.").waitFor();
    const { code } = await outboxMessage("+639170000005");
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel("OTP Code").fill(wrong);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid OTP code. Please check and try again" }).waitFor();

    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    // Back on the page he opened (decision 0210), signed in.
    await page.getByRole("heading", { name: "Book a Delivery" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/booking");
    await expect((await openMenu(page)).getByRole("link", { name: "Book Delivery" }).isVisible()).resolves.toBe(true);
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome, Carlos!" }).waitFor();
    const session = (await context.cookies()).find((cookie) => cookie.name === "hatid_session");
    expect(session?.httpOnly).toBe(true);
    rememberSession("09170000005", session!.value);
  });

  it("asks a new person's names without JavaScript and signs them up", async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const phone = freshPhoneNumber();
    await page.goto("/");
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    const { code } = await outboxMessage(toInternational(phone));
    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByLabel("First Name").fill("Lualhati");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByText("Last name is required").waitFor();
    await expect(page.getByLabel("First Name").inputValue()).resolves.toBe("Lualhati");
    await page.getByLabel("Last Name").fill("Bautista");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByRole("heading", { name: "Welcome, Lualhati!" }).waitFor();
  });

  it("shows the landing page with the sign-in form to a signed-out visitor of /admin, /booking, /rider-dashboard and /settings", async () => {
    const page = await (await newContext()).newPage();
    for (const path of ["/admin", "/booking", "/settings", "/rider-dashboard"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Get Started" }).isVisible(), path).resolves.toBe(true);
      await expect(page.getByLabel("Mobile Number").isVisible(), path).resolves.toBe(true);
      await expect(page.getByText("Coop Admin Panel").count(), path).resolves.toBe(0);
    }
  });

  it("refuses the role pages to the wrong role", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/admin");
    await expect(page.getByText("Access Denied: Admin access required for this page").isVisible()).resolves.toBe(true);
    await page.goto("/rider-dashboard");
    await expect(page.getByText("Access Denied: Rider access required for this page").isVisible()).resolves.toBe(true);
  });
});

describe("sign-in without dead ends, on a 360×740 phone", () => {
  /** How many texts the dev outbox holds for this number (each is a code sent). */
  const textsTo = async (localPhone: string) =>
    ((await (await fetch(`${baseURL()}/api/dev/outbox`)).json()) as { to: string }[]).filter(
      (m) => m.to === toInternational(localPhone),
    ).length;

  it("comes back to the code step, with the code already received, after a reload and the back button, without JavaScript", async () => {
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    const phone = freshPhoneNumber();
    await page.goto("/sign-in");
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).click();
    const codeStep = page.getByText(`Enter the 6-digit code sent to ${toInternational(phone)}.`);
    await codeStep.waitFor();
    await page.getByRole("status").filter({ hasText: "OTP Sent" }).waitFor();

    await page.reload();
    await codeStep.waitFor();
    // Nothing sent again (the number's one code a minute), and no message about it.
    await expect(page.getByRole("alert").count()).resolves.toBe(0);
    await page.goto("/help");
    await page.goBack();
    await codeStep.waitFor();
    expect(await textsTo(phone)).toBe(1);

    // The code received first still signs in.
    const { code } = await outboxMessage(toInternational(phone));
    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.getByLabel("First Name").waitFor();
    // The name step is kept the same way.
    await page.reload();
    await page.getByLabel("First Name").fill("Nora");
    await page.getByLabel("Last Name").fill("Aunor");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await page.getByRole("heading", { name: "Welcome, Nora!" }).waitFor();
  });

  it("says when a second code can be asked for, not 'Too many attempts', in English and Filipino", async () => {
    const context = await newContext({ hasTouch: true });
    const page = await context.newPage();
    const phone = freshPhoneNumber();
    await page.goto("/sign-in");
    await page.getByLabel("Mobile Number").fill(phone);
    await page.getByRole("button", { name: "Send OTP" }).tap();
    await page.getByLabel("OTP Code").waitFor();

    await page.getByRole("button", { name: "Resend OTP" }).tap();
    const wait = page.getByRole("alert").filter({
      hasText: /^A code was sent to this number less than a minute ago\. You can ask for a new code in \d+ seconds?\.$/,
    });
    await wait.waitFor();
    await expect(page.getByText(/Too many attempts/).count()).resolves.toBe(0);
    // Change Mobile Number, the same number again: back on the code step, told the same.
    await page.getByRole("button", { name: "Change Mobile Number" }).tap();
    await page.getByRole("button", { name: "Send OTP" }).tap();
    await wait.waitFor();
    await expect(page.getByLabel("OTP Code").isVisible()).resolves.toBe(true);

    await context.addCookies([{ name: "lang", value: "fil", url: baseURL() }]);
    await page.reload();
    await page.getByRole("button", { name: "Ipadala ulit ang OTP" }).tap();
    await page
      .getByRole("alert")
      .filter({
        hasText:
          /^May code na naipadala sa number na ito wala pang isang minuto ang nakalipas\. Puwede kang humingi ng bagong code pagkalipas ng \d+ segundo\.$/,
      })
      .waitFor();
    await expect(page.getByText(/Sobrang dami ng subok/).count()).resolves.toBe(0);
    expect(await textsTo(phone)).toBe(1);
  });

  it("lands on the tracking link a rider opened signed out, after the SMS code", async () => {
    const customer = await signUpAs(await newContext(), "user");
    const delivery = await call(
      customer.cookie,
      "/api/deliveries",
      bookingBody({ pickupAddress: "8 Lechon Lane, Bel-Air" }),
    );
    const rider = await approvedRiderNumber({ firstName: "Berto", lastName: "Cruz" });
    const page = await (await newContext({ hasTouch: true })).newPage();
    await page.goto(`/tracking/${delivery.id}`);
    await page.getByLabel("Mobile Number").fill(rider);
    await page.getByRole("button", { name: "Send OTP" }).tap();
    await page.getByLabel("OTP Code").waitFor();
    const { code } = await outboxMessage(toInternational(rider));
    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).tap();
    await page.waitForURL(`${baseURL()}/tracking/${delivery.id}`);
    await page.getByText("8 Lechon Lane, Bel-Air").first().waitFor();
    await page.getByRole("status").filter({ hasText: "Login Successful" }).waitFor();
  });

  it("lands on the page a rider opened signed out, without JavaScript", async () => {
    const rider = await approvedRiderNumber({ firstName: "Lito", lastName: "Lapid" });
    const page = await (await newContext({ javaScriptEnabled: false })).newPage();
    await page.goto("/rider/earnings?period=week");
    await page.getByLabel("Mobile Number").fill(rider);
    await page.getByRole("button", { name: "Send OTP" }).click();
    await page.getByLabel("OTP Code").waitFor();
    const { code } = await outboxMessage(toInternational(rider));
    await page.getByLabel("OTP Code").fill(code!);
    await page.getByRole("button", { name: "Verify OTP" }).click();
    await page.waitForURL(`${baseURL()}/rider/earnings?period=week`);
    await expect(page.getByLabel("Mobile Number").count()).resolves.toBe(0);
  });

  it("lands on the tracking link a customer opened signed out, after the emailed link", async () => {
    const owner = await signUpAs(await newContext(), "user");
    const email = `tracking-${Date.now()}@example.ph`;
    const profile = await fetch(`${baseURL()}/api/auth/user/profile`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Origin: baseURL(), Cookie: owner.cookie },
      body: JSON.stringify({ firstName: "Test", lastName: "Customer", email }),
    });
    expect(profile.status).toBe(200);
    const delivery = await call(
      owner.cookie,
      "/api/deliveries",
      bookingBody({ pickupAddress: "3 Ube Halaya St, Bel-Air" }),
    );

    const page = await (await newContext()).newPage();
    await page.goto(`/tracking/${delivery.id}`);
    await page.getByRole("button", { name: "Sign in with email instead" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByText(`We sent a sign-in link to ${email}.`).waitFor();
    const { link } = await outboxMessage(email);
    await page.goto(link!);
    await page.waitForURL(`${baseURL()}/tracking/${delivery.id}`);
    await page.getByText("3 Ube Halaya St, Bel-Air").first().waitFor();
  });
});

describe("signed-in navigation and settings", () => {
  it("shows the admin's links, initials and name", async () => {
    const context = await newContext({ viewport: { width: 1024, height: 800 } });
    await signInAs(context, "09170000001");
    const page = await context.newPage();
    await page.goto("/");
    // At 1024px the role's pages are in the bar itself; the name is in the menu.
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of ["Home", "Book Delivery", "Admin"])
      await expect(nav.getByRole("link", { name: link }).isVisible()).resolves.toBe(true);
    await expect(page.locator("header").getByRole("link", { name: "Rider Dashboard" }).count()).resolves.toBe(0);
    await expect((await openMenu(page)).getByText("Ana Admin").isVisible()).resolves.toBe(true);
    await expect(page.locator(".avatar").textContent()).resolves.toBe("AA");
    await expect(page.getByText("Manage the platform and monitor operations").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: /Admin Panel/ }).isVisible()).resolves.toBe(true);
  });

  it("updates the profile and the role, with their toasts and validation", async () => {
    const context = await newContext();
    await signUpAs(context, "user", { firstName: "Pedro", lastName: "Penduko" });
    const page = await context.newPage();
    await page.goto("/settings");
    await expect(page.getByLabel("Phone Number").getAttribute("readonly")).resolves.not.toBeNull();
    await expect(page.getByText("Contact support if you need to update it").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("option", { name: "Admin" }).count()).resolves.toBe(0);

    await page.getByLabel("First Name").fill("");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Email").blur();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("First name is required").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Invalid email address").isVisible()).resolves.toBe(true);

    await page.getByLabel("First Name").fill("Pedrito");
    await page.getByLabel("Email").fill("pedrito@example.ph");
    await page.getByLabel("Email").blur();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Profile Updated" }).waitFor();
    await (await openMenu(page)).getByText("Pedrito Penduko").waitFor();

    // Not an approved rider: told to apply first, with the way to do it.
    await expect(page.getByText("Apply to become a rider first").isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole("link", { name: "Apply on the Become a Rider page" }).getAttribute("href"),
    ).resolves.toBe("/become-rider");
    await page.getByLabel("Role", { exact: true }).selectOption("rider");
    await page.getByRole("button", { name: "Update Role" }).click();
    await page.getByRole("alert").filter({ hasText: "Apply to become a rider first" }).waitFor();
    await expect(page.locator("header").getByRole("link", { name: "Rider Dashboard" }).count()).resolves.toBe(0);
  });

  it("lets an approved rider switch to the customer role and back", async () => {
    const context = await newContext();
    await signUpAs(context, "rider");
    const page = await context.newPage();
    await page.goto("/settings");
    await expect(page.getByText("Apply to become a rider first").count()).resolves.toBe(0);
    await page.getByLabel("Role", { exact: true }).selectOption("user");
    await page.getByRole("button", { name: "Update Role" }).click();
    await page.getByRole("status").filter({ hasText: "Role Updated" }).waitFor();
    await page.locator("header").getByRole("link", { name: "Rider Dashboard" }).waitFor({ state: "detached" });
    await page.getByLabel("Role", { exact: true }).selectOption("rider");
    await page.getByRole("button", { name: "Update Role" }).click();
    await (await openMenu(page)).getByRole("link", { name: "Rider Dashboard" }).waitFor();
  });

  it("deletes the account behind the confirmation dialog and lands signed out on /", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/settings");
    // The question opens in place (a disclosure: no JavaScript needed).
    const deleteAccount = page.locator("summary").filter({ hasText: "Delete Account" });
    await deleteAccount.click();
    const dialog = page.getByRole("form", { name: "Are you absolutely sure?" });
    await dialog.waitFor();
    await expect(
      dialog
        .getByText(
          "This action cannot be undone. This will permanently deactivate your account and you will lose access to all your data.",
        )
        .isVisible(),
    ).resolves.toBe(true);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await deleteAccount.click();
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await page.getByRole("status").filter({ hasText: "Account Deleted" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByLabel("Mobile Number").waitFor();
  });

  it("logs out and shows the landing page again", async () => {
    const context = await newContext();
    await signUpAs(context, "user");
    const page = await context.newPage();
    await page.goto("/");
    await (await openMenu(page)).getByRole("button", { name: "Logout" }).click();
    await page.getByLabel("Mobile Number").waitFor();
    await page.goto("/settings");
    await expect(page.getByLabel("Mobile Number").isVisible()).resolves.toBe(true);
  });
});
