#include "pages/PageTemplates.hpp"

namespace lodestone::pages::templates {
namespace {

// Shared look: readable measure, system fonts, no external resources (the CSP allows none).
#define LODESTONE_PAGE_STYLE                                                                     \
    "<style>"                                                                                    \
    "body{margin:0;background:#f6f7f9;color:#1d2330;font:17px/1.6 -apple-system,BlinkMacSystem"  \
    "Font,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}"                                         \
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

const std::string_view kLeadMagnet =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>{{title}}</title>\n" LODESTONE_PAGE_STYLE
    "\n</head>\n<body>\n<main>\n<header>\n<h1>{{title}}</h1>\n"
    "{{#subtitle}}<p class=\"subtitle\">{{subtitle}}</p>\n{{/subtitle}}"
    "</header>\n"
    "{{#sections}}<section>\n<h2>{{heading}}</h2>\n"
    "{{#blocks}}{{#isList}}<ul>\n{{#items}}<li>{{text}}</li>\n{{/items}}</ul>\n{{/isList}}"
    "{{^isList}}<p>{{text}}</p>\n{{/isList}}{{/blocks}}"
    "</section>\n{{/sections}}"
    "{{#callToAction}}<aside class=\"cta\">\n<p>{{text}}</p>\n"
    "{{#url}}<a href=\"{{url}}\" rel=\"noopener noreferrer\">{{label}}</a>\n{{/url}}"
    "</aside>\n{{/callToAction}}"
    "<footer>Prepared for {{preparedFor}}{{#projectName}} &middot; {{projectName}}{{/projectName}}"
    "</footer>\n</main>\n</body>\n</html>\n";

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
