#!/usr/bin/env python3
"""The dashboard in a real browser: Debian's chromium, driven by chromium-driver through
python3-selenium, against a lodestoned this test starts on an ephemeral port.

An operator sets a password from the link lodestonectl printed, signs in, creates an API key and
sees it once (and when the key was last used), adds an operator and sees their set-password link
once, edits a project's schema and sees Generate follow it, retries a job that failed because
the language model's server was down, finds a prospect by searching, opens its ICP breakdown,
retries a prospect's own lead magnet from its page, redelivers a failed webhook and sees the
receiver get it, and signs out. Screenshots of each
page at 390 px and 1280 px land in --screenshots, for people to look at.

Only 127.0.0.1 is ever sent traffic: the webhook receiver and the OpenAI-compatible model server
are this process's own HTTP server, research is the offline research-basic plugin, and no lead
names a website.
"""

import argparse
import base64
import http.server
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

API_KEY = "lsk_browser_test_0000000000000000000000000"
WIDTHS = (390, 1280)


class Receiver(http.server.ThreadingHTTPServer):
    """On 127.0.0.1: a webhook receiver at /hooks and an OpenAI-compatible chat server at
    /v1/chat/completions, each failing until told to succeed."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), ReceiverHandler)
        self.failing = True
        self.model_down = True
        self.received = []  # webhook-id of every request
        self.events = []  # the "event" of every request's body
        self.lock = threading.Lock()


# A document as content-openai asks the model for one (docs/plugins.md).
MODEL_DOCUMENT = {
    "title": "Five ways Analytical Engines can shorten its release cycle",
    "sections": [{"heading": "Where the time goes",
                  "body": "Most of a release is spent waiting on reviews, not writing code."}],
}


class ReceiverHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 (the http.server name)
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path == "/v1/chat/completions":
            self.answer_model()
            return
        with self.server.lock:
            self.server.received.append(self.headers.get("webhook-id", ""))
            self.server.events.append(json.loads(body).get("event", ""))
            failing = self.server.failing
        self.send_response(500 if failing else 204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def answer_model(self):
        with self.server.lock:
            down = self.server.model_down
        if down:
            # Retry-After past the step's deadline: the run fails at once, without the
            # plugin's own retries.
            body = b'{"error": {"message": "the model is overloaded"}}'
            self.send_response(503)
            self.send_header("Retry-After", "600")
        else:
            body = json.dumps({"choices": [{"index": 0, "finish_reason": "stop", "message": {
                "role": "assistant", "content": json.dumps(MODEL_DOCUMENT)}}]}).encode()
            self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def eventually(check, what, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Daemon:
    def __init__(self, binary, config):
        self.log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([binary, "--config", str(config)], stdout=self.log,
                                        stderr=subprocess.STDOUT, text=True)

        def port():
            self.log.seek(0)
            found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log.read())
            if self.process.poll() is not None:
                raise AssertionError("lodestoned exited:\n" + self.text())
            return int(found.group(1)) if found else None

        self.port = eventually(port, "lodestoned to listen")

    def text(self):
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def api(port, method, path, body=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def refused(request):
    """True when the API answers the request with 401."""
    try:
        urllib.request.urlopen(request, timeout=30)
        return False
    except urllib.error.HTTPError as error:
        return error.code == 401


def write_config(directory, receiver_port):
    config = directory / "lodestone.yaml"
    config.write_text(f"""
server: {{ listen: "127.0.0.1:0", public_url: "http://127.0.0.1:1",
          key_last_used_interval: 100ms }}
storage: {{ path: {directory / "lodestone.db"} }}
jobs: {{ poll_interval: 100ms, max_retries: 0 }}
webhooks: {{ allow_private_networks: true, retry_schedule: [100ms], timeout: 2s }}
plugins:
  writer:
    library: content-openai
    config: {{ base_url: "http://127.0.0.1:{receiver_port}/v1", model: test-model,
              response_format: none, timeout: 5s }}
pipeline:
  content: {{ plugin: writer, allow_private_networks: true }}
provision:
  organisations:
    - name: Acme
      initial_credits: 100
      projects:
        - name: Guides
      campaigns:
        - name: Outbound
          webhook_url: http://127.0.0.1:{receiver_port}/hooks
          calendar_url: https://cal.example.com/acme/intro
          project: Guides
          icp:
            threshold: 60
            criteria:
              industries: {{ include: [Software], weight: 3 }}
              seniority: {{ include: [vp, director], weight: 2 }}
      api_keys:
        - {{ name: browser-test, key: {API_KEY} }}
""")
    return config


class Browser:
    def __init__(self, screenshots):
        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-sync",
                     "--disable-component-update", "--disable-default-apps"):
            options.add_argument(flag)
        options.binary_location = "/usr/bin/chromium"
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_page_load_timeout(30)
        self.screenshots = screenshots

    def shoot(self, name):
        """The whole page at each width (DevTools captures beyond the window's height)."""
        for width in WIDTHS:
            self.driver.set_window_size(width, 900)
            metrics = self.driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
            height = min(int(metrics["cssContentSize"]["height"]), 8000)
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
            path = self.screenshots / f"dashboard-{name}-{width}.png"
            path.write_bytes(base64.b64decode(shot["data"]))
        self.driver.set_window_size(1280, 900)

    def text(self):
        return self.driver.find_element(By.TAG_NAME, "body").text

    def click(self, by, locator):
        """Clicks what leads to another page and waits until that page is there."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        self.driver.find_element(by, locator).click()

        def gone(_driver):
            # Chromium reports the old page's element as stale in more than one way ("node does
            # not belong to the document" among them): any refusal means the page was replaced.
            try:
                old.is_enabled()
                return False
            except WebDriverException:
                return True

        WebDriverWait(self.driver, 30).until(gone)

    def fill(self, name, value):
        field = self.driver.find_element(By.NAME, name)
        field.clear()
        field.send_keys(value)


def run(args):
    screenshots = pathlib.Path(args.screenshots)
    screenshots.mkdir(parents=True, exist_ok=True)
    receiver = Receiver()
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as temp:
        directory = pathlib.Path(temp)
        config = write_config(directory, receiver.server_address[1])
        daemon = Daemon(args.lodestoned, config)
        browser = None
        try:
            ctl = [args.lodestonectl, "--config", str(config), "--json"]
            org = json.loads(subprocess.check_output(ctl + ["org", "list"]))["items"][0]["id"]
            made = json.loads(subprocess.check_output(
                ctl + ["user", "create", "--org", org, "--email", "ada@acme.example",
                       "--role", "admin"]))
            link_path = made["setPasswordLink"].split("127.0.0.1:1", 1)[1]
            base = f"http://127.0.0.1:{daemon.port}"

            campaigns = api(daemon.port, "GET", "/api/campaigns")["campaigns"]
            campaign = campaigns[0]["id"]
            for lead in (
                    {"companyName": "Analytical Engines", "contactName": "Ada Lovelace",
                     "email": "ada@engines.example", "title": "VP Engineering",
                     "company": {"industry": "Software"}},
                    {"companyName": "Bletchley Park", "contactName": "Alan Turing",
                     "email": "alan@bletchley.example", "title": "Director of Research",
                     "company": {"industry": "Government"}},
                    {"companyName": "Navy <Labs>", "contactName": "Grace Hopper",
                     "email": "grace@navy.example", "title": "Rear Admiral"}):
                api(daemon.port, "POST", f"/api/campaigns/{campaign}/leads", lead)
            eventually(lambda: all(p["score"] is not None for p in api(
                daemon.port, "GET", f"/api/campaigns/{campaign}/leads")["leads"]),
                "the prospects to be scored")
            booked = api(daemon.port, "POST", f"/api/campaigns/{campaign}/meetings",
                         {"email": "alan@bletchley.example", "scheduledAt": "2026-12-01T15:00:00Z",
                          "duration": 30, "title": "Intro call"})
            failed = eventually(lambda: api(
                daemon.port, "GET",
                f"/api/campaigns/{campaign}/webhook-deliveries?status=failed")["deliveries"],
                "the webhook delivery to fail")
            assert booked["success"], booked
            webhook_id = failed[0]["id"]

            browser = Browser(screenshots)
            driver = browser.driver

            # Set a password from the link, then sign in.
            driver.get(base + link_path)
            browser.shoot("set-password")
            browser.fill("password", "correct horse battery staple")
            browser.fill("confirm", "correct horse battery staple")
            browser.click(By.CSS_SELECTOR, "form button")
            assert "Your password is set" in browser.text(), browser.text()
            browser.shoot("login")
            browser.fill("email", "ada@acme.example")
            browser.fill("password", "correct horse battery staple")
            browser.click(By.CSS_SELECTOR, "form button")
            assert driver.find_element(By.TAG_NAME, "h1").text == "Overview", browser.text()
            assert "Credits left" in browser.text()
            browser.shoot("overview")

            # A key, shown once, that the API takes at once.
            browser.click(By.LINK_TEXT, "API keys")
            browser.fill("name", "CRM sync")
            browser.click(By.XPATH, "//button[text()='Create key']")
            key = driver.find_element(By.ID, "new-key").text
            assert re.fullmatch(r"lsk_[a-z0-9]{40}", key), key
            browser.shoot("key-created")
            request = urllib.request.Request(base + "/api/campaigns",
                                             headers={"Authorization": f"Bearer {key}"})
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.status == 200
            driver.get(base + "/dashboard/keys")
            assert "CRM sync" in browser.text() and key not in driver.page_source

            def crm_key_used():
                driver.get(base + "/dashboard/keys")
                row = driver.find_element(By.XPATH, "//tr[td[text()='CRM sync']]")
                used = row.find_element(By.CSS_SELECTOR, "td[data-label='Last used']").text
                return used.endswith("UTC")

            eventually(crm_key_used, "the CRM key's last use to show")
            browser.shoot("keys")

            # An operator added, with a set-password link shown once.
            browser.click(By.LINK_TEXT, "Operators")
            browser.fill("email", "linus@acme.example")
            browser.click(By.XPATH, "//button[text()='Add operator']")
            link = driver.find_element(By.ID, "set-password-link").text
            assert "/dashboard/set-password/" in link, link
            browser.shoot("operator-link")
            browser.click(By.LINK_TEXT, "Back to the operators")
            assert "linus@acme.example" in browser.text() and link not in driver.page_source
            browser.shoot("operators")

            # The project's schema edited: Generate asks for the new field at once.
            browser.click(By.LINK_TEXT, "Projects")
            browser.shoot("projects")
            browser.click(By.LINK_TEXT, "Guides")
            rows = int(driver.find_element(By.NAME, "rows").get_attribute("value"))
            browser.fill(f"f{rows - 1}_name", "budget")
            browser.fill(f"f{rows - 1}_label", "Budget")
            driver.find_element(By.NAME, f"f{rows - 1}_required").click()
            browser.click(By.XPATH, "//button[text()='Save schema']")
            assert "Schema saved" in browser.text(), browser.text()
            browser.shoot("project")
            project = api(daemon.port, "GET", "/api/projects")["projects"][0]["id"]

            def generate_refused():
                try:
                    api(daemon.port, "POST", f"/api/projects/{project}/generate",
                        {"email": "new@example.com"})
                    return False
                except urllib.error.HTTPError as error:
                    return error.code == 400 and b"budget" in error.read()

            eventually(generate_refused, "Generate to ask for the budget")

            # A job that failed while the model's server was down, retried from the project's
            # page once it is back.
            job = api(daemon.port, "POST", f"/api/projects/{project}/generate",
                      {"email": "ada@engines.example", "name": "Ada Lovelace",
                       "company": "Analytical Engines", "budget": "50k"})["jobId"]

            def job_status():
                return api(daemon.port, "GET", f"/api/generation/{job}/status")["job"]["status"]

            eventually(lambda: job_status() == "failed", "the job to fail")
            driver.get(base + f"/dashboard/projects/{project}")
            assert "failed" in browser.text()
            browser.shoot("project-failed-job")
            with receiver.lock:
                receiver.model_down = False
            browser.click(By.XPATH, "//button[text()='Retry']")
            eventually(lambda: job_status() == "completed", "the retried job to complete")
            driver.get(base + f"/dashboard/projects/{project}")
            assert "completed" in browser.text(), browser.text()
            browser.shoot("project-retried-job")
            # The link is on server.public_url, which this test's daemon is not reached at.
            magnet = driver.find_element(By.LINK_TEXT, "Open").get_attribute("href")
            driver.get(base + magnet.split("127.0.0.1:1", 1)[1])
            assert MODEL_DOCUMENT["title"] in browser.text(), browser.text()

            # A prospect found by search, and its breakdown.
            driver.get(base + "/dashboard/")
            browser.click(By.LINK_TEXT, "Campaigns")
            browser.shoot("campaigns")
            browser.click(By.LINK_TEXT, "Outbound")
            browser.fill("q", "lovelace")
            browser.click(By.XPATH, "//button[text()='Filter']")
            rows = driver.find_elements(By.CSS_SELECTOR, "#prospects + form + .table tbody tr")
            assert len(rows) == 1 and "Ada Lovelace" in rows[0].text, [r.text for r in rows]
            browser.click(By.LINK_TEXT, "Ada Lovelace")
            page = browser.text()
            assert "ICP breakdown" in page and "industry" in page, page
            # Her own lead magnet was made while the model's server was down: it failed, and is
            # retried from her page now that the server is back.
            assert "Its lead magnet" in page and "Why it failed" in page, page
            browser.shoot("prospect-magnet-failed")
            ada = [p for p in api(daemon.port, "GET", f"/api/campaigns/{campaign}/leads")["leads"]
                   if p["email"] == "ada@engines.example"][0]["id"]
            browser.click(By.XPATH, "//button[text()='Retry the lead magnet']")
            assert "queued again" in browser.text(), browser.text()
            eventually(lambda: api(daemon.port, "GET", f"/api/campaigns/{campaign}/leads/{ada}")
                       ["prospect"]["leadMagnet"]["status"] == "completed",
                       "her lead magnet to complete")
            driver.refresh()
            assert MODEL_DOCUMENT["title"] in browser.text(), browser.text()
            assert "Export data (JSON)" in browser.text(), browser.text()
            browser.shoot("prospect")

            # The failed delivery, redelivered to a receiver that now answers.
            driver.get(base + f"/dashboard/campaigns/{campaign}")
            assert webhook_id in browser.text()
            assert "Export CSV" in browser.text(), browser.text()
            browser.shoot("campaign")
            with receiver.lock:
                receiver.failing = False
                before = len(receiver.received)
            browser.click(By.XPATH, "//button[text()='Redeliver']")
            assert "Redelivery queued" in browser.text(), browser.text()
            eventually(lambda: webhook_id in receiver.received[before:],
                       "the receiver to get the redelivery")

            # A test event: the receiver gets one more request.
            with receiver.lock:
                before = len(receiver.received)
            browser.click(By.XPATH, "//button[text()='Send a test event']")
            assert "A test event is queued" in browser.text(), browser.text()
            eventually(lambda: len(receiver.received) > before, "the receiver to get the test event")

            # A list imported from the campaign page: the import's page follows it to the end
            # and lists the row it rejected with its line and column.
            leads_csv = directory / "spring leads.csv"
            leads_csv.write_text("companyName;contactName;email;title;company.industry\n"
                                 "Zuse KG;Konrad Zuse;konrad@zuse.example;CEO;Hardware\n"
                                 "Harwell;Dekatron Team;not-an-address;;\n"
                                 "Manchester Baby;Tom Kilburn;tom@manchester.example;;\n")
            driver.get(base + f"/dashboard/campaigns/{campaign}#imports")
            driver.find_element(By.NAME, "file").send_keys(str(leads_csv))
            browser.click(By.XPATH, "//button[text()='Import']")
            eventually(lambda: driver.refresh() or "completed" in browser.text(),
                       "the import to complete")
            assert "3 of 3 rows: 2 added, 0 duplicates, 1 rejected" in browser.text(), \
                browser.text()
            browser.shoot("import")

            # The organisation's suppression list: a whole domain added by the admin, listed
            # with its reason and note.
            browser.click(By.LINK_TEXT, "Suppressions")
            browser.fill("entry", "competitor.example")
            browser.fill("note", "a competitor: never email")
            browser.click(By.XPATH, "//button[text()='Suppress']")
            assert "competitor.example" in browser.text(), browser.text()
            browser.shoot("suppressions")

            # A campaign made here: an admin sees its signing secret once, then types its
            # email sequence as YAML into its settings.
            browser.click(By.LINK_TEXT, "Campaigns")
            browser.fill("name", "Spring push")
            browser.click(By.XPATH, "//button[text()='Create campaign']")
            assert driver.find_element(By.ID, "new-secret").text.startswith("whsec_")
            browser.click(By.LINK_TEXT, "Back to the campaign")
            sequence = driver.find_element(By.NAME, "sequence")
            sequence.send_keys("from: { address: ada@acme.example, name: Ada at Acme }\n"
                               "steps:\n"
                               "  - subject: \"{{firstName}}, a question\"\n"
                               "    text: \"Hello {{firstName}}. {{unsubscribeUrl}}\"\n")
            browser.click(By.XPATH, "//button[text()='Save settings']")
            assert "Settings saved." in browser.text(), browser.text()
            spring = [c for c in api(daemon.port, "GET", "/api/campaigns")["campaigns"]
                      if c["name"] == "Spring push"][0]["id"]
            shown = json.loads(subprocess.check_output(ctl + ["campaign", "show", spring]))
            assert shown["sequence"]["from"]["name"] == "Ada at Acme", shown
            browser.shoot("campaign-settings")

            # An endpoint subscribed here gets the next lead.created, signed with its secret.
            browser.click(By.LINK_TEXT, "Webhooks")
            browser.fill("url", f"http://127.0.0.1:{receiver.server_address[1]}/hooks")
            driver.find_element(By.CSS_SELECTOR, "input[value='lead.created']").click()
            browser.click(By.XPATH, "//button[text()='Subscribe']")
            assert driver.find_element(By.ID, "new-secret").text.startswith("whsec_")
            browser.shoot("endpoint-secret")
            api(daemon.port, "POST", f"/api/campaigns/{campaign}/leads",
                {"companyName": "Harvard Mark", "contactName": "Howard Aiken",
                 "email": "howard@mark.example"})
            eventually(lambda: "lead.created" in receiver.events,
                       "the endpoint to get lead.created")
            browser.click(By.LINK_TEXT, "Back to the webhook endpoints")
            assert "lead.created" in browser.text(), browser.text()
            browser.shoot("endpoints")

            # Revoking the key asks first; Cancel changes nothing, the button revokes it.
            crm_revoke = "//tr[td[text()='CRM sync']]//a[text()='Revoke']"
            browser.click(By.LINK_TEXT, "API keys")
            browser.click(By.XPATH, crm_revoke)
            assert "Revoke the API key CRM sync" in browser.text(), browser.text()
            browser.shoot("confirm-revoke")
            browser.click(By.LINK_TEXT, "Cancel")
            assert driver.find_elements(By.XPATH, crm_revoke), "Cancel revoked the key"
            browser.click(By.XPATH, crm_revoke)
            browser.click(By.XPATH, "//button[text()='Revoke']")
            assert "revoked" in browser.text(), browser.text()
            request = urllib.request.Request(base + "/api/campaigns",
                                             headers={"Authorization": f"Bearer {key}"})
            eventually(lambda: refused(request), "the revoked key to be refused")

            browser.click(By.LINK_TEXT, "Audit log")
            assert all(action in browser.text()
                       for action in ("webhook.redeliver", "api_key.create", "project.schema",
                                      "webhook.test_event", "operator.create", "job.retry",
                                      "campaign.create", "campaign.update", "endpoint.create",
                                      "api_key.revoke"))
            browser.shoot("audit")

            # Sign out: the dashboard is closed again.
            browser.click(By.XPATH, "//button[text()='Sign out']")
            assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in"
            driver.get(base + "/dashboard/")
            assert driver.find_element(By.TAG_NAME, "h1").text == "Sign in"
            print(f"dashboard browser test passed; screenshots in {screenshots}")
        except Exception:
            print("lodestoned's log:\n" + daemon.text(), file=sys.stderr)
            raise
        finally:
            if browser:
                browser.driver.quit()
            daemon.stop()
            receiver.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lodestoned", required=True)
    parser.add_argument("--lodestonectl", required=True)
    parser.add_argument("--screenshots", required=True)
    run(parser.parse_args())


if __name__ == "__main__":
    main()
