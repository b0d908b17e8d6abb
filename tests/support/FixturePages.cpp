// The fixture sites' pages (FixtureSite.hpp): what a B2B company's website typically holds, and
// what a careless or hostile one sends.
#include "support/FixtureSite.hpp"

namespace lodestone::test {
namespace {

const std::string kHtml = "text/html; charset=utf-8";

FixturePage html(std::string body, std::vector<std::pair<std::string, std::string>> headers = {}) {
    headers.emplace_back("Content-Type", kHtml);
    return {200, std::move(headers), std::move(body), false};
}

FixturePage redirect(int status, const std::string& location) {
    return {status, {{"Location", location}}, "moved", false};
}

const char* const kAcmeHome = R"(<!DOCTYPE html>
<html lang="en"><head>
<meta charset="utf-8">
<title>Acme Analytics – Revenue analytics for B2B teams</title>
<meta name="description" content="Acme Analytics turns your CRM into a revenue forecast.">
<meta name="generator" content="WordPress 6.4.2">
<meta property="og:site_name" content="Acme Analytics">
<meta property="og:description" content="Revenue analytics for B2B teams">
<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
 {"@type": "Organization", "name": "Acme Analytics Ltd", "url": "http://acme-fixture.example/",
  "description": "Acme Analytics builds revenue forecasting software for B2B sales teams.",
  "foundingDate": "2011-04-01",
  "numberOfEmployees": {"@type": "QuantitativeValue", "value": 240},
  "industry": "Software for revenue teams",
  "sameAs": ["https://www.linkedin.com/company/acme-fixture", "https://x.com/acmefixture"]},
 {"@type": "WebSite", "name": "Acme"}]}</script>
<script src="https://js.hs-scripts.com/4242.js" async></script>
<script src="https://www.googletagmanager.com/gtm.js?id=GTM-ACME"></script>
<script src="/wp-includes/js/jquery/jquery.min.js"></script>
</head><body>
<nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/careers">Careers</a>
<a href="/blog">Blog</a> <a href="/customers">Customers</a> <a href="/team">Team</a>
<a href="/pricing">Pricing</a> <a href="/login">Log in</a>
<a href="https://elsewhere.example/careers">Partner jobs</a></nav>
<main><h1>Forecast revenue you can trust</h1>
<p>Acme Analytics connects to your CRM and shows every deal's real chance of closing, so sales
leaders plan on facts.</p>
<p>Short.</p></main>
<footer><a href="mailto:sales@acme-fixture.example">Email sales</a>
<a href="tel:+356 2123 4567">Call us</a> Support: support@acme-fixture.example
<a href="https://www.linkedin.com/company/acme-fixture">LinkedIn</a>
<a href="https://www.linkedin.com/in/ada-example">Our CEO</a>
<a href="https://github.com/acme-fixture">GitHub</a>
<img src="/logo@2x.png" alt="logo@2x.png"></footer>
</body></html>)";

const char* const kAcmeAbout = R"(<!DOCTYPE html>
<html><head><title>About Acme</title>
<script type="application/ld+json">{"@type": "Corporation", "name": "Acme Analytics Ltd",
 "address": {"@type": "PostalAddress", "addressLocality": "Valletta",
             "addressCountry": {"@type": "Country", "name": "Malta"}}}</script>
</head><body><h1>About Acme</h1>
<p>We started in a Valletta garage in 2011 and now serve four hundred revenue teams.</p>
</body></html>)";

const char* const kAcmeCareers = R"(<!DOCTYPE html>
<html><head><title>Careers at Acme</title>
<script type="application/ld+json">[
 {"@context": "https://schema.org", "@type": "JobPosting", "title": "Senior Backend Engineer",
  "occupationalCategory": "Engineering", "datePosted": "2026-01-10",
  "jobLocation": {"@type": "Place", "address": {"addressLocality": "Valletta"}}},
 {"@type": "JobPosting", "title": "Frontend Engineer", "occupationalCategory": "Engineering",
  "jobLocation": {"@type": "Place", "address": {"addressLocality": "Berlin"}}},
 {"@type": "JobPosting", "title": "Account Executive, DACH", "jobLocationType": "TELECOMMUTE"}
]</script></head><body><h1>Join Acme</h1>
<p>We are hiring across engineering and sales; every role can be remote within Europe.</p>
<a href="https://boards.greenhouse.io/acmefixture">All openings</a>
</body></html>)";

const char* const kAcmeBlog = R"(<!DOCTYPE html>
<html><head><title>Acme blog</title>
<script type="application/ld+json">{"@type": "BlogPosting",
 "headline": "Acme joins the Revenue Summit", "datePublished": "2025-11-20"}</script>
</head><body><h1>News from Acme</h1>
<article><h2><a href="/blog/series-b">Acme raises Series B</a></h2>
 <time datetime="2026-02-14">14 February</time></article>
<article><h2>Acme opens Berlin office</h2><time datetime="2026-03-02">2 March</time></article>
<article><h2>Year in review</h2><p>No date on this one.</p></article>
</body></html>)";

std::string largeTeamPage() {
    std::string page =
        "<!DOCTYPE html><html><head><title>Team</title></head><body>"
        "<h1>Meet the team</h1><p>";
    while (page.size() < 300 * 1024) page += "Our people build forecasting software. ";
    return page + "</p><h2>Hidden past the cap</h2></body></html>";
}

// windows-1252: é E9, è E8, – 96, “ 93, ” 94, € 80.
const std::string kLatinHome =
    "<html><head><meta charset=\"windows-1252\"><title>Caf\xE9 Lumi\xE8re</title>"
    "<meta name=\"description\" content=\"Caf\xE9 Lumi\xE8re \x96 torr\xE9"
    "faction artisanale "
    "depuis 1998, 4 \x80 le paquet\"></head><body><h1>Bienvenue \x93"
    "chez nous\x94</h1>"
    "<p>Nous torr\xE9"
    "fions nos caf\xE9s \xE0 Lyon depuis vingt-cinq ans, pour les "
    "restaurants et les bureaux.</p></body></html>";

std::string brokenHome() {
    std::string page =
        "<html><head><title>Broken <b>site</title>"
        "<meta name=description content=Unquoted-description>"
        "<script type=\"application/ld+json\">{\"@type\": \"Organization\", \"name\": </script>"
        "<script type=\"application/ld+json\">{\"@type\":\"Organization\",\"name\":\"Broken "
        "Ltd\",\"foundingDate\":\"1999\"}</script>"
        "<body><div><p>Para one <b>bold <i>both</b> italic?</i> still here, and long enough to "
        "count as text</p><table><tr><td>cell<div>in cell</table></div></div></div></span>"
        "<a href=/careers>Careers</a><a href=\"javascript:alert(1)\">js</a>"
        "<a href=\"http://[bad\">bad</a><a href=\"mailto:not an address\">x</a>";
    for (int i = 0; i < 1000; ++i) page += "<div>";
    return page + "deep text<p>unclosed <b><b><b><b>\xFF\xFE";
}

FixturePage acme(const std::string& path) {
    if (path == "/") {
        return html(kAcmeHome, {{"Server", "cloudflare"},
                                {"CF-RAY", "8a1b2c3d4e5f6a7b-MLA"},
                                {"Set-Cookie", "hubspotutk=0123abcd; Path=/; Max-Age=86400"}});
    }
    if (path == "/about") return redirect(301, "/about-us");
    if (path == "/about-us") return redirect(302, "http://acme-fixture.example/company/about");
    if (path == "/company/about") return html(kAcmeAbout);
    if (path == "/careers") return html(kAcmeCareers);
    if (path == "/blog") return html(kAcmeBlog);
    if (path == "/customers") return redirect(301, "/customers/1");
    if (path.starts_with("/customers/")) {
        return redirect(302, "/customers/" + std::to_string(std::stoi(path.substr(11)) + 1));
    }
    if (path == "/team") return html(largeTeamPage());
    if (path == "/pricing") return {200, {}, "", true};
    return {404, {{"Content-Type", kHtml}}, "<h1>Not found</h1>", false};
}

}  // namespace

FixturePage fixturePage(const std::string& host, const std::string& path) {
    if (host == FixtureSite::kAcme) return acme(path);
    if (host == FixtureSite::kLatin && path == "/") {
        return {200, {{"Content-Type", "text/html"}}, kLatinHome, false};
    }
    if (host == FixtureSite::kBroken && path == "/") {
        return {200, {{"Content-Type", "text/html"}}, brokenHome(), false};
    }
    if (host == FixtureSite::kLoop) {
        const int step = path == "/" ? 0 : std::stoi(path.substr(1));
        return redirect(302, "/" + std::to_string(step + 1));
    }
    if (host == FixtureSite::kMetadata) {
        return redirect(302, "http://169.254.169.254/latest/meta-data/iam/");
    }
    if (host == FixtureSite::kSlow) {
        if (path != "/") return {200, {}, "", true};
        return html(
            "<html><head><title>Slow Ltd</title></head><body><h1>Slow Ltd</h1>"
            "<a href=/careers>Careers</a><a href=/about>About</a><a href=/blog>Blog</a>"
            "<a href=/customers>Customers</a><a href=/team>Team</a>"
            "<a href=/pricing>Pricing</a></body></html>");
    }
    if (host == FixtureSite::kShort && path == "/") {
        return redirect(301, "http://www.short-fixture.example/");
    }
    if (host == std::string("www.") + FixtureSite::kShort && path == "/") {
        return html(
            "<html><head><title>Short Co</title><meta name=description content=\"Short "
            "Co makes short things.\"></head><body><h1>Short Co</h1></body></html>");
    }
    return {404, {{"Content-Type", kHtml}}, "<h1>Not found</h1>", false};
}

}  // namespace lodestone::test
