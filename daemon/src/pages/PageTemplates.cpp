#include "pages/PageTemplates.hpp"

namespace lodestone::pages::templates {
namespace {

// Shared look: readable measure, system fonts, no external resources (the CSP allows none), and
// an empty icon so browsers do not ask for /favicon.ico.
#define LODESTONE_PAGE_STYLE                                                                     \
    "<link rel=\"icon\" href=\"data:,\">\n<style>"                                               \
    "body{margin:0;background:#f6f7f9;color:#1d2330;font:17px/1.6 -apple-system,BlinkMacSystem"  \
    "Font,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;overflow-wrap:anywhere}"                  \
    "main{max-width:44rem;margin:0 auto;padding:3rem 1.5rem 4rem}"                               \
    "header{border-bottom:1px solid #dfe3ea;margin-bottom:2rem;padding-bottom:1.5rem}"           \
    "h1{font-size:2.1rem;line-height:1.2;margin:0 0 .5rem}"                                      \
    ".subtitle{color:#4a5568;font-size:1.15rem;margin:0}"                                        \
    "h2{font-size:1.3rem;margin:2.2rem 0 .6rem}"                                                 \
    ".cta{margin-top:3rem;padding:1.5rem;background:#fff;border:1px solid #dfe3ea;"              \
    "border-radius:8px;text-align:center}"                                                       \
    ".cta a{display:inline-block;margin-top:.5rem;padding:.7rem 1.4rem;background:#2653d9;"      \
    "color:#fff;border-radius:6px;text-decoration:none;font-weight:600}"                         \
    ".progress{height:8px;background:#dfe3ea;border-radius:4px;overflow:hidden;margin:1.5rem 0}" \
    ".progress div{height:100%;background:#2653d9}"                                              \
    "footer{margin-top:3rem;color:#718096;font-size:.85rem}li{margin:.3rem 0}"                   \
    "button{font:inherit;font-weight:600;padding:.7rem 1.4rem;border:0;border-radius:6px;"       \
    "background:#2653d9;color:#fff;cursor:pointer}button:focus{outline:3px solid #9db4f5}"       \
    "</style>"

}  // namespace

// The lead magnet's own look: the sender's brand strip, a header that fits a laptop screen with
// its call to action, long names and words that wrap rather than widen the page, and print
// styles that drop the buttons. The accent colour is validated (#rgb or #rrggbb) before it gets
// here.
#define LODESTONE_LEAD_MAGNET_STYLE                                                               \
    "<style>"                                                                                     \
    "*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}"                                 \
    "body{margin:0;background:#f6f7f9;color:#1d2330;font:17px/1.6 system-ui,-apple-system,"       \
    "'Segoe UI',Roboto,'Noto Sans',Helvetica,Arial,sans-serif;overflow-wrap:anywhere}"            \
    ".masthead{background:#fff;border-top:4px solid var(--accent);"                               \
    "border-bottom:1px solid #dfe3ea}"                                                            \
    ".masthead div{max-width:44rem;margin:0 auto;padding:.8rem 1.5rem;display:flex;"              \
    "align-items:center;gap:.75rem;min-height:3.4rem}"                                            \
    ".logo{display:block;max-height:2.4rem;max-width:12rem;width:auto;height:auto}"               \
    ".brand{font-weight:700}"                                                                     \
    "main{max-width:44rem;margin:0 auto;padding:2.25rem 1.5rem 4rem}"                             \
    ".intro{border-bottom:1px solid #dfe3ea;margin-bottom:2rem;padding-bottom:1.5rem}"            \
    "h1{font-size:2.1rem;line-height:1.2;margin:0 0 .6rem;hyphens:auto}"                          \
    ".subtitle{color:#4a5568;font-size:1.12rem;margin:0 0 .9rem}"                                 \
    ".byline{color:#5a6475;font-size:.9rem;margin:0 0 1.2rem}"                                    \
    ".button{display:inline-block;max-width:100%;padding:.75rem 1.4rem;background:var(--accent);" \
    "color:var(--on-accent);border-radius:6px;text-decoration:none;font-weight:600;"              \
    "line-height:1.3}.button:focus-visible{outline:3px solid #9db4f5;outline-offset:2px}"         \
    ".cta-top{margin:0}h2{font-size:1.3rem;line-height:1.3;margin:2.2rem 0 .6rem}"                \
    "ul{padding-left:1.3rem}li{margin:.35rem 0}"                                                  \
    ".cta{margin-top:3rem;padding:1.5rem;background:#fff;border:1px solid #dfe3ea;"               \
    "border-left:4px solid var(--accent);border-radius:8px}.cta p{margin:0 0 1rem}"               \
    ".cta p:last-child{margin:0}"                                                                 \
    "footer{margin-top:3rem;padding-top:1rem;border-top:1px solid #dfe3ea;color:#5a6475;"         \
    "font-size:.85rem}footer p{margin:.2rem 0}footer strong{color:#1d2330}"                       \
    "@media (max-width:30rem){body{font-size:16px}h1{font-size:1.5rem}h2{font-size:1.18rem}"      \
    "main{padding:1.6rem 1.1rem 3rem}.masthead div{padding:.7rem 1.1rem}}"                        \
    "@media print{body{background:#fff;color:#000;font-size:11pt}.masthead{border:0}"             \
    ".cta-top,.cta a{display:none}main{max-width:none;padding:0}h2{break-after:avoid}"            \
    "li,.cta{break-inside:avoid}.cta{border:1px solid #999}}"                                     \
    "</style>"

const std::string_view kLeadMagnet =
    "<!DOCTYPE html>\n<html lang=\"{{language}}\"{{#rtl}} dir=\"rtl\"{{/rtl}}>\n<head>\n"
    "<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<meta name=\"robots\" content=\"noindex\">\n"
    "<link rel=\"icon\" href=\"data:,\">\n"
    "<title>{{title}}</title>\n"
    "{{#description}}<meta name=\"description\" content=\"{{description}}\">\n{{/description}}"
    "<meta property=\"og:type\" content=\"article\">\n"
    "<meta property=\"og:title\" content=\"{{title}}\">\n"
    "{{#description}}<meta property=\"og:description\" content=\"{{description}}\">\n"
    "{{/description}}"
    "{{#siteName}}<meta property=\"og:site_name\" content=\"{{siteName}}\">\n{{/siteName}}"
    "{{#ogUrl}}<meta property=\"og:url\" content=\"{{ogUrl}}\">\n{{/ogUrl}}"
    "{{#ogImage}}<meta property=\"og:image\" "
    "content=\"{{ogImage}}\">\n{{/ogImage}}" LODESTONE_LEAD_MAGNET_STYLE
    "<style>:root{--accent:{{accentColor}};--on-accent:{{accentText}}}</style>\n"
    "</head>\n<body>\n"
    "{{#senderCompany}}<div class=\"masthead\"><div>"
    "{{#logoUrl}}<img class=\"logo\" src=\"{{logoUrl}}\" alt=\"{{senderCompany}}\">{{/logoUrl}}"
    "{{^logoUrl}}<span class=\"brand\">{{senderCompany}}</span>{{/logoUrl}}"
    "</div></div>\n{{/senderCompany}}"
    "<main>\n<header class=\"intro\">\n<h1>{{title}}</h1>\n"
    "{{#subtitle}}<p class=\"subtitle\">{{subtitle}}</p>\n{{/subtitle}}"
    "<p class=\"byline\">Prepared for <bdi{{#preparedForLang}} lang=\"{{preparedForLang}}\""
    "{{/preparedForLang}}>{{preparedFor}}</bdi>"
    "{{#senderName}} by {{senderName}}{{#senderTitle}}, {{senderTitle}}{{/senderTitle}}"
    "{{#senderCompany}} at {{senderCompany}}{{/senderCompany}}{{/senderName}}"
    "{{^senderName}}{{#senderCompany}} by {{senderCompany}}{{/senderCompany}}{{/senderName}}"
    "{{#dateText}} &middot; <time datetime=\"{{dateIso}}\">{{dateText}}</time>{{/dateText}}</p>\n"
    "{{#callToAction}}{{#url}}<p class=\"cta-top\"><a class=\"button\" href=\"{{url}}\" "
    "rel=\"noopener noreferrer\">{{label}}</a></p>\n{{/url}}{{/callToAction}}"
    "</header>\n"
    "{{#sections}}<section>\n<h2>{{heading}}</h2>\n"
    "{{#blocks}}{{#isList}}<ul>\n{{#items}}<li>{{text}}</li>\n{{/items}}</ul>\n{{/isList}}"
    "{{^isList}}<p>{{text}}</p>\n{{/isList}}{{/blocks}}"
    "</section>\n{{/sections}}"
    "{{#callToAction}}<aside class=\"cta\">\n<p>{{text}}</p>\n"
    "{{#url}}<a class=\"button\" href=\"{{url}}\" rel=\"noopener noreferrer\">{{label}}</a>\n"
    "{{/url}}</aside>\n{{/callToAction}}"
    "<footer>\n"
    "{{#senderName}}<p class=\"sender\"><strong>{{senderName}}</strong>{{#senderTitle}}, "
    "{{senderTitle}}"
    "{{/senderTitle}}{{#senderCompany}}, {{senderCompany}}{{/senderCompany}}</p>\n{{/senderName}}"
    "<p class=\"prepared\">Prepared for <bdi{{#preparedForLang}} lang=\"{{preparedForLang}}\""
    "{{/preparedForLang}}>"
    "{{preparedFor}}</bdi>{{^senderCompany}}{{#projectName}} &middot; {{projectName}}"
    "{{/projectName}}{{/senderCompany}}</p>\n"
    "</footer>\n</main>\n</body>\n</html>\n";

#undef LODESTONE_LEAD_MAGNET_STYLE

const std::string_view kPreparing =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<meta http-equiv=\"refresh\" content=\"{{refreshSeconds}}\">\n"
    "<title>Your guide is being prepared</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>Your guide is being prepared</h1>\n"
    "<p class=\"subtitle\">{{phase}}. This page refreshes itself; it is usually ready within a "
    "couple of minutes.</p>\n"
    "<div class=\"progress\" role=\"progressbar\" aria-valuemin=\"0\" aria-valuemax=\"100\" "
    "aria-valuenow=\"{{progress}}\"><div style=\"width:{{progress}}%\"></div></div>\n"
    "</main>\n</body>\n</html>\n";

const std::string_view kFailed =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>This guide could not be prepared</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>Sorry, this guide could not be prepared</h1>\n"
    "<p class=\"subtitle\">Something went wrong while we were putting it together. The team "
    "that sent you this link has been told and can prepare it again; please check back "
    "later.</p>\n</main>\n</body>\n</html>\n";

const std::string_view kNotFound =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>Not found</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>This page does not exist</h1>\n"
    "<p class=\"subtitle\">Check that the link is complete; it may have been cut off.</p>\n"
    "</main>\n</body>\n</html>\n";

// The link in every outreach email. GET only asks (mail scanners follow links); the button posts
// what a mail client's one-click unsubscribe posts (RFC 8058).
const std::string_view kUnsubscribe =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<meta name=\"robots\" content=\"noindex\">\n"
    "<title>Unsubscribe</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>Unsubscribe from these emails?</h1>\n"
    "<p class=\"subtitle\">You will not receive any further email from this sender's outreach "
    "campaigns at this address.</p>\n"
    "<form method=\"post\" class=\"cta\">\n"
    "<input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\n"
    "<button type=\"submit\">Unsubscribe</button>\n</form>\n"
    "</main>\n</body>\n</html>\n";

const std::string_view kUnsubscribed =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<meta name=\"robots\" content=\"noindex\">\n"
    "<title>You are unsubscribed</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>You are unsubscribed</h1>\n"
    "<p class=\"subtitle\">No further email from this sender's outreach campaigns will reach "
    "this address. You can close this page.</p>\n</main>\n</body>\n</html>\n";

const std::string_view kUnsubscribeRefused =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<meta name=\"robots\" content=\"noindex\">\n"
    "<title>Unsubscribe</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<h1>Nothing was changed</h1>\n"
    "<p class=\"subtitle\">This request did not ask to unsubscribe. Open the unsubscribe link "
    "from the email again and press the button.</p>\n</main>\n</body>\n</html>\n";

#undef LODESTONE_PAGE_STYLE

}  // namespace lodestone::pages::templates
