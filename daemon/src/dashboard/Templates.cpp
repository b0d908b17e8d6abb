#include "dashboard/Templates.hpp"

namespace lodestone::dashboard::templates {

const std::string_view kLayout = R"(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{title}} · Lodestone</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
</head>
<body>
{{#who}}
<header class="bar">
<a class="brand" href="/dashboard/">Lodestone</a>
<nav>
<a href="/dashboard/"{{#navOverview}} aria-current="page"{{/navOverview}}>Overview</a>
<a href="/dashboard/campaigns"{{#navCampaigns}} aria-current="page"{{/navCampaigns}}>Campaigns</a>
<a href="/dashboard/projects"{{#navProjects}} aria-current="page"{{/navProjects}}>Projects</a>
{{#admin}}<a href="/dashboard/keys"{{#navKeys}} aria-current="page"{{/navKeys}}>API keys</a>
<a href="/dashboard/endpoints"{{#navEndpoints}} aria-current="page"{{/navEndpoints}}>Webhooks</a>
<a href="/dashboard/operators"{{#navOperators}} aria-current="page"{{/navOperators}}>Operators</a>{{/admin}}
<a href="/dashboard/audit"{{#navAudit}} aria-current="page"{{/navAudit}}>Audit log</a>
</nav>
<form class="signout" method="post" action="/dashboard/logout">
<input type="hidden" name="csrf" value="{{csrf}}">
<span class="who">{{email}} · {{role}}</span>
<button type="submit">Sign out</button>
</form>
</header>
{{/who}}
<main>
<h1>{{title}}</h1>
{{>content}}
</main>
</body>
</html>
)";

const std::string_view kStyle = R"(*{box-sizing:border-box}
body{margin:0;background:#f6f7f9;color:#1d2330;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:#2653d9}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;padding:.75rem 1rem;background:#1d2330;color:#fff}
.bar a{color:#dfe6fb;text-decoration:none}
.bar .brand{font-weight:700;color:#fff;margin-right:.5rem}
.bar nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
.bar nav a[aria-current=page]{color:#fff;border-bottom:2px solid #9db4f5}
.signout{margin-left:auto;display:flex;align-items:center;gap:.5rem;font-size:.9rem}
.signout button{background:transparent;border:1px solid #6b7690;color:#fff;padding:.25rem .6rem}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.15rem;margin:1.75rem 0 .6rem}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:1rem}
.card{background:#fff;border:1px solid #dfe3ea;border-radius:8px;padding:1rem}
.card h2{margin-top:0;font-size:1rem;color:#4a5568}
.big{font-size:2rem;font-weight:700}
.table{overflow-x:auto;background:#fff;border:1px solid #dfe3ea;border-radius:8px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #edf0f4;vertical-align:top}
th{background:#f0f2f6;font-weight:600;white-space:nowrap}
tr:last-child td{border-bottom:0}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.35rem 1rem;background:#fff;border:1px solid #dfe3ea;border-radius:8px;padding:1rem;margin:0}
dt{color:#4a5568}dd{margin:0;overflow-wrap:anywhere}
form.inline{display:inline}
form.filters,form.stack{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:0 0 1rem}
form.stack{flex-direction:column;align-items:stretch;max-width:26rem;background:#fff;border:1px solid #dfe3ea;border-radius:8px;padding:1rem}
label{display:flex;flex-direction:column;font-size:.9rem;color:#4a5568;gap:.2rem;min-width:0}
label.check{flex-direction:row;align-items:center;gap:.4rem;color:#1d2330}
input,select,textarea{font:inherit;padding:.45rem .55rem;border:1px solid #b9c1cf;border-radius:6px;background:#fff;color:#1d2330;min-width:0;max-width:100%}
button{font:inherit;padding:.45rem .9rem;border:0;border-radius:6px;background:#2653d9;color:#fff;cursor:pointer}
button.quiet{background:#e8ecf3;color:#1d2330}
button.danger{background:#b42318}
a.button{display:inline-block;padding:.45rem .9rem;border-radius:6px;background:#2653d9;color:#fff;text-decoration:none;line-height:1.5}
a.button.quiet{background:#e8ecf3;color:#1d2330}
a.button.danger{background:#b42318;color:#fff}
textarea{font-family:ui-monospace,monospace;font-size:.85rem;width:100%;resize:vertical}
form.settings{display:flex;flex-direction:column;gap:.75rem;background:#fff;border:1px solid #dfe3ea;border-radius:8px;padding:1rem}
form.settings p{margin:0}
button:focus,input:focus,select:focus,textarea:focus,a:focus{outline:3px solid #9db4f5;outline-offset:1px}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:999px;background:#e8ecf3;font-size:.85rem;white-space:nowrap}
.badge.failed,.badge.bounced,.badge.disqualified,.badge.cancelled{background:#fde8e7;color:#8a1c14}
.badge.qualified,.badge.completed,.badge.delivered,.badge.meeting_booked,.badge.sent,.badge.booked{background:#e3f5e8;color:#14602c}
.note{background:#fff8e1;border:1px solid #f0d78c;border-radius:8px;padding:.75rem 1rem}
.error{background:#fde8e7;border:1px solid #f3b8b3;border-radius:8px;padding:.75rem 1rem;color:#8a1c14}
.secret{font-family:ui-monospace,monospace;font-size:1.05rem;background:#fff;border:1px dashed #2653d9;padding:.75rem;border-radius:6px;overflow-wrap:anywhere}
.muted{color:#5a6475}
.warn{color:#8a1c14;font-size:.9rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #dfe3ea;border-radius:8px;padding:.75rem;font-size:.85rem}
.pager{margin:.75rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:.75rem 0 0}
.login{max-width:24rem;margin:3rem auto}
@media (max-width:40rem){main{padding:.75rem}.signout{margin-left:0}.who{display:none}dl{grid-template-columns:1fr}dt{font-weight:600}
.table thead{display:none}.table tr{display:block;border-bottom:1px solid #dfe3ea;padding:.4rem 0}.table tr:last-child{border-bottom:0}
.table td{display:grid;grid-template-columns:6.5rem 1fr;gap:0 .5rem;border:0;padding:.2rem .75rem;overflow-wrap:anywhere}.table td>*{grid-column:2;justify-self:start}.table td::before{grid-row:1 / span 3}
.table td[data-label]::before{content:attr(data-label);color:#5a6475;font-size:.85rem}.table td:not([data-label]){display:block}}
)";

const std::string_view kLogin = R"({{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<form class="stack login" method="post" action="/dashboard/login">
<input type="hidden" name="login_token" value="{{loginToken}}">
<label>Email<input type="email" name="email" value="{{emailValue}}" autocomplete="username" required></label>
<label>Password<input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>
)";

const std::string_view kSetPassword =
    R"({{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<form class="stack" method="post" action="/dashboard/set-password/{{token}}">
<p class="muted">For {{email}}. At least 12 characters; a passphrase of a few words is good.</p>
<label>New password<input type="password" name="password" autocomplete="new-password" minlength="12" required></label>
<label>The same again<input type="password" name="confirm" autocomplete="new-password" minlength="12" required></label>
<button type="submit">Set password</button>
</form>
)";

const std::string_view kProblem = R"(<p class="error">{{message}}</p>
<p><a href="/dashboard/">Back to the overview</a></p>
)";

const std::string_view kOverview = R"(<div class="cards">
<section class="card"><h2>Credits left</h2><p class="big">{{credits}}</p><p class="muted">{{organisation}}</p></section>
<section class="card"><h2>Jobs, last 24 hours</h2>
{{#jobs}}<p><span class="badge {{name}}">{{name}}</span> {{count}}</p>{{/jobs}}{{^jobs}}<p class="muted">None</p>{{/jobs}}</section>
<section class="card"><h2>Prospects</h2>
{{#prospects}}<p><span class="badge {{name}}">{{name}}</span> {{count}}</p>{{/prospects}}{{^prospects}}<p class="muted">None yet</p>{{/prospects}}</section>
<section class="card"><h2>Webhook deliveries failed</h2><p class="big">{{failedDeliveries}}</p>
<p class="muted">Listed with a Redeliver button: a campaign's on its page{{#isAdmin}}, an endpoint's on the <a href="/dashboard/endpoints#failed">Webhooks</a> page{{/isAdmin}}.</p></section>
</div>
)";

const std::string_view kCampaigns =
    R"({{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<div class="table"><table>
<thead><tr><th>Name</th><th>Webhook URL</th><th>Calendar</th><th>Created</th></tr></thead>
<tbody>
{{#campaigns}}<tr><td data-label="Name"><a href="/dashboard/campaigns/{{id}}">{{name}}</a></td><td data-label="Webhook URL">{{webhookUrl}}</td><td data-label="Calendar">{{calendarUrl}}</td><td data-label="Created">{{created}}</td></tr>
{{/campaigns}}{{^campaigns}}<tr><td colspan="4" class="muted">No campaigns yet.</td></tr>{{/campaigns}}
</tbody></table></div>
{{#next}}<p class="pager"><a href="/dashboard/campaigns?cursor={{next}}">Next page</a></p>{{/next}}
<h2 id="new">New campaign</h2>
<form class="stack" method="post" action="/dashboard/campaigns">
<input type="hidden" name="csrf" value="{{csrf}}">
<label>Name<input name="name" value="{{newName}}" maxlength="200" required></label>
<label>Webhook URL (optional)<input type="url" name="webhookUrl" value="{{newWebhookUrl}}" placeholder="https://crm.example.com/hooks/lodestone"></label>
<label>Calendar URL (optional)<input type="url" name="calendarUrl" value="{{newCalendarUrl}}" placeholder="https://cal.com/you/intro"></label>
<button type="submit">Create campaign</button>
</form>
)";

const std::string_view kCampaign =
    R"({{#flash}}<p class="note" role="status">{{flash}}</p>{{/flash}}
{{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<h2 id="settings">Settings</h2>
{{#provisioned}}<p class="note">{{provisioned}}</p>{{/provisioned}}
{{#urlWarning}}<p class="error" role="alert">{{urlWarning}}</p>{{/urlWarning}}
<form class="settings" method="post" action="/dashboard/campaigns/{{id}}/settings">
<input type="hidden" name="csrf" value="{{csrf}}">
<input type="hidden" name="version" value="{{version}}">
<label>Name<input name="name" value="{{name}}" maxlength="200" required></label>
<label>Webhook URL <span class="muted">where meeting_booked is sent; empty: none</span><input type="url" name="webhookUrl" value="{{webhookUrl}}"></label>
<label>Calendar URL <span class="muted">the booking link in emails; empty: none</span><input type="url" name="calendarUrl" value="{{calendarUrl}}"></label>
<label>ICP criteria <span class="muted">YAML or JSON (docs/icp.md); empty: every prospect qualifies</span><textarea name="icp" rows="10" spellcheck="false">{{icp}}</textarea></label>
<label>Email sequence <span class="muted">YAML or JSON (docs/outreach.md); empty: no emails</span><textarea name="sequence" rows="14" spellcheck="false">{{sequence}}</textarea></label>
<p><button type="submit">Save settings</button></p>
</form>
<div class="actions">{{#hasWebhookUrl}}<form class="inline" method="post" action="/dashboard/campaigns/{{id}}/test-event"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="quiet">Send a test event</button></form>{{/hasWebhookUrl}}
{{#isAdmin}}<a class="button quiet" href="/dashboard/campaigns/{{id}}/rotate-secret">Rotate webhook secret</a>{{/isAdmin}}</div>
<h2 id="prospects">Prospects</h2>
<form class="filters" method="get" action="/dashboard/campaigns/{{id}}#prospects">
<label>Search<input type="search" name="q" value="{{q}}" maxlength="200" placeholder="name, email or company"></label>
<label>Status<select name="status"><option value="">any</option>{{#statuses}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/statuses}}</select></label>
<label>Least score<input type="number" name="minScore" min="0" max="100" value="{{minScore}}"></label>
<button type="submit" class="quiet">Filter</button>
</form>
<div class="table"><table>
<thead><tr><th>Contact</th><th>Company</th><th>Status</th><th>Score</th><th>Added</th></tr></thead>
<tbody>
{{#prospects}}<tr><td data-label="Contact"><a href="/dashboard/campaigns/{{campaignId}}/prospects/{{id}}">{{contactName}}</a><br><span class="muted">{{email}}</span></td><td data-label="Company">{{companyName}}</td><td data-label="Status"><span class="badge {{status}}">{{status}}</span></td><td data-label="Score">{{score}}</td><td data-label="Added">{{created}}</td></tr>
{{/prospects}}{{^prospects}}<tr><td colspan="5" class="muted">No prospects match.</td></tr>{{/prospects}}
</tbody></table></div>
{{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
<h2 id="deliveries">Failed webhook deliveries</h2>
<div class="table"><table>
<thead><tr><th>Delivery</th><th>Attempts</th><th>Last error</th><th>Updated</th><th></th></tr></thead>
<tbody>
{{#deliveries}}<tr><td data-label="Delivery">{{id}}<br><span class="muted">{{event}}</span></td><td data-label="Attempts">{{attempts}}</td><td data-label="Last error">{{lastError}}</td><td data-label="Updated">{{updated}}</td>
<td><form class="inline" method="post" action="/dashboard/campaigns/{{campaignId}}/deliveries/{{id}}/redeliver"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Redeliver</button></form></td></tr>
{{/deliveries}}{{^deliveries}}<tr><td colspan="5" class="muted">None failed.</td></tr>{{/deliveries}}
</tbody></table></div>
)";

const std::string_view kProspect =
    R"(<p><a href="/dashboard/campaigns/{{campaignId}}">← {{campaignName}}</a></p>
<dl>
<dt>Status</dt><dd><span class="badge {{status}}">{{status}}</span></dd>
<dt>Email</dt><dd>{{email}}</dd>
<dt>Company</dt><dd>{{companyName}}{{#domain}} ({{domain}}){{/domain}}</dd>
<dt>Title</dt><dd>{{jobTitle}}</dd>
<dt>Score</dt><dd>{{#scored}}{{score}} of 100, threshold {{threshold}}: {{#qualified}}qualified{{/qualified}}{{^qualified}}not qualified{{/qualified}}{{/scored}}{{^scored}}<span class="muted">not scored yet</span>{{/scored}}</dd>
{{#error}}<dt>Error</dt><dd>{{error}}</dd>{{/error}}
</dl>
<h2>ICP breakdown</h2>
<div class="table"><table>
<thead><tr><th>Criterion</th><th>Outcome</th><th>Weight</th><th>Reason</th><th>Source</th></tr></thead>
<tbody>
{{#breakdown}}<tr><td data-label="Criterion">{{criterion}}</td><td data-label="Outcome"><span class="badge">{{outcome}}</span></td><td data-label="Weight">{{weight}}</td><td data-label="Reason">{{reason}}</td><td data-label="Source">{{evidence}}{{#source}}<br><span class="muted">{{source}}</span>{{/source}}</td></tr>
{{/breakdown}}{{^breakdown}}<tr><td colspan="5" class="muted">Not scored yet.</td></tr>{{/breakdown}}
</tbody></table></div>
<h2>Research</h2>
<p class="muted">Research {{researchStatus}}.</p>
{{#hasFacts}}<ul>{{#facts}}<li>{{.}}</li>{{/facts}}</ul>{{/hasFacts}}
{{#hasSources}}<p class="muted">Sources:</p><ul>{{#sources}}<li>{{.}}</li>{{/sources}}</ul>{{/hasSources}}
<h2>Emails</h2>
<div class="table"><table>
<thead><tr><th>Step</th><th>Status</th><th>Due</th><th>Sent</th><th>Server's answer</th></tr></thead>
<tbody>
{{#emails}}<tr><td data-label="Step">{{step}}</td><td data-label="Status"><span class="badge {{status}}">{{status}}</span></td><td data-label="Due">{{due}}</td><td data-label="Sent">{{sent}}</td><td data-label="Server's answer">{{reply}}</td></tr>
{{/emails}}{{^emails}}<tr><td colspan="5" class="muted">None.</td></tr>{{/emails}}
</tbody></table></div>
<h2>Meetings</h2>
<div class="table"><table>
<thead><tr><th>When</th><th>Minutes</th><th>Title</th><th>Status</th><th>Booked through</th></tr></thead>
<tbody>
{{#meetings}}<tr><td data-label="When">{{scheduledAt}}</td><td data-label="Minutes">{{duration}}</td><td data-label="Title">{{title}}</td><td data-label="Status"><span class="badge {{status}}">{{status}}</span>{{#changed}}<br><span class="muted">{{changed}}</span>{{/changed}}</td><td data-label="Booked through">{{source}}</td></tr>
{{/meetings}}{{^meetings}}<tr><td colspan="5" class="muted">None.</td></tr>{{/meetings}}
</tbody></table></div>
<h2>Lead magnets</h2>
<div class="table"><table>
<thead><tr><th>Page</th><th>Views</th><th>Made</th></tr></thead>
<tbody>
{{#leadMagnets}}<tr><td data-label="Page"><a href="{{url}}?preview">{{leadId}}</a></td><td data-label="Views">{{activity}}</td><td data-label="Made">{{created}}</td></tr>
{{/leadMagnets}}{{^leadMagnets}}<tr><td colspan="3" class="muted">None for this address.</td></tr>{{/leadMagnets}}
</tbody></table></div>
<h2>History</h2>
<div class="table"><table>
<thead><tr><th>When</th><th>Status</th><th>Detail</th></tr></thead>
<tbody>
{{#history}}<tr><td data-label="When">{{at}}</td><td data-label="Status"><span class="badge {{status}}">{{status}}</span></td><td data-label="Detail">{{detail}}</td></tr>
{{/history}}
</tbody></table></div>
)";

const std::string_view kSecretShown = R"(<p class="note">{{intro}}</p>
<p class="secret" id="new-secret">{{plaintext}}</p>
<p><a href="{{back}}">{{backText}}</a></p>
)";

}  // namespace lodestone::dashboard::templates
