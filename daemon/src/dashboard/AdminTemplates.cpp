#include "dashboard/Templates.hpp"

// What admins manage (API keys, webhook endpoints, operators) and the audit log.
namespace lodestone::dashboard::templates {

const std::string_view kKeys = R"({{#flash}}<p class="note" role="status">{{flash}}</p>{{/flash}}
<div class="table"><table>
<thead><tr><th>Name</th><th>Key starts</th><th>Projects</th><th>Expires</th><th>Last used</th><th>State</th><th></th></tr></thead>
<tbody>
{{#keys}}<tr><td data-label="Name">{{name}}</td><td data-label="Key starts"><code>{{prefix}}</code></td><td data-label="Projects">{{projects}}</td><td data-label="Expires">{{expires}}</td><td data-label="Last used">{{lastUsed}}</td><td data-label="State">{{state}}</td>
<td>{{#active}}<a class="button danger" href="/dashboard/keys/{{id}}/revoke">Revoke</a>{{/active}}</td></tr>
{{/keys}}{{^keys}}<tr><td colspan="7" class="muted">No keys yet.</td></tr>{{/keys}}
</tbody></table></div>
<h2>Create a key</h2>
<form class="stack" method="post" action="/dashboard/keys">
<input type="hidden" name="csrf" value="{{csrf}}">
<label>Name<input type="text" name="name" maxlength="200" required></label>
<fieldset><legend>Projects it may use (none ticked: all)</legend>
{{#projects}}<label class="check"><input type="checkbox" name="project" value="{{id}}">{{name}}</label>{{/projects}}
</fieldset>
<label>Expires after (days, empty: never)<input type="number" name="expiresInDays" min="1" max="3650"></label>
<button type="submit">Create key</button>
</form>
)";

const std::string_view kEndpoints =
    R"({{#flash}}<p class="note" role="status">{{flash}}</p>{{/flash}}
{{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<p class="muted">Endpoints receive the organisation's lifecycle events (docs/events.md), each signed with the endpoint's own secret. A campaign's webhook URL, on its page, gets meeting_booked only.</p>
<div class="table"><table>
<thead><tr><th>URL</th><th>Events</th><th>Project</th><th>Created</th><th></th></tr></thead>
<tbody>
{{#endpoints}}<tr><td data-label="URL">{{url}}<br><span class="muted">{{id}}</span>{{#warning}}<br><span class="warn">{{warning}}</span>{{/warning}}</td><td data-label="Events">{{events}}</td><td data-label="Project">{{project}}</td><td data-label="Created">{{created}}{{#deleted}}<br><span class="badge failed">deleted {{deleted}}</span>{{/deleted}}</td>
<td>{{#enabled}}<a class="button danger" href="/dashboard/endpoints/{{id}}/delete">Delete</a>{{/enabled}}</td></tr>
{{/endpoints}}{{^endpoints}}<tr><td colspan="5" class="muted">No endpoints yet.</td></tr>{{/endpoints}}
</tbody></table></div>
<h2 id="failed">Failed deliveries</h2>
<div class="table"><table>
<thead><tr><th>Delivery</th><th>Endpoint</th><th>Attempts</th><th>Last error</th><th>Updated</th><th></th></tr></thead>
<tbody>
{{#failed}}<tr><td data-label="Delivery">{{id}}<br><span class="muted">{{event}}</span></td><td data-label="Endpoint">{{url}}</td><td data-label="Attempts">{{attempts}}</td><td data-label="Last error">{{lastError}}</td><td data-label="Updated">{{updated}}</td>
<td>{{#canRedeliver}}<form class="inline" method="post" action="/dashboard/endpoints/{{endpointId}}/deliveries/{{id}}/redeliver"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Redeliver</button></form>{{/canRedeliver}}</td></tr>
{{/failed}}{{^failed}}<tr><td colspan="6" class="muted">None failed.</td></tr>{{/failed}}
</tbody></table></div>
<h2 id="new">Subscribe an endpoint</h2>
<form class="stack" method="post" action="/dashboard/endpoints">
<input type="hidden" name="csrf" value="{{csrf}}">
<label>URL<input type="url" name="url" value="{{newUrl}}" required placeholder="https://crm.example.com/hooks/lodestone"></label>
<fieldset><legend>Events</legend>
{{#eventTypes}}<label class="check"><input type="checkbox" name="events" value="{{name}}"{{#checked}} checked{{/checked}}>{{name}}</label>{{/eventTypes}}
</fieldset>
<label>Project<select name="project"><option value="">all (and every campaign)</option>{{#projects}}<option value="{{id}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/projects}}</select></label>
<label>Retry schedule (empty: the daemon's)<input name="retrySchedule" value="{{newSchedule}}" placeholder="1m,5m,30m,2h"></label>
<button type="submit">Subscribe</button>
</form>
)";

const std::string_view kConfirm = R"(<p>{{question}}</p>
<p class="muted">{{consequence}}</p>
<div class="actions"><form class="inline" method="post" action="{{action}}"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit" class="danger">{{button}}</button></form>
<a class="button quiet" href="{{back}}">Cancel</a></div>
)";

const std::string_view kKeyCreated =
    R"(<p class="note">This is the only time the key is shown. Copy it now; Lodestone keeps only its hash.</p>
<p class="secret" id="new-key">{{plaintext}}</p>
<p><a href="/dashboard/keys">Back to the API keys</a></p>
)";

const std::string_view kOperators =
    R"({{#flash}}<p class="note" role="status">{{flash}}</p>{{/flash}}
<div class="table"><table>
<thead><tr><th>Email</th><th>Role</th><th>State</th><th>Added</th><th></th></tr></thead>
<tbody>
{{#operators}}<tr><td data-label="Email">{{email}}</td><td data-label="Role">{{role}}</td><td data-label="State">{{state}}</td><td data-label="Added">{{since}}</td>
<td>{{#enabled}}<form class="inline" method="post" action="/dashboard/operators/{{id}}/link"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">New set-password link</button></form>{{/enabled}}
{{#mayDisable}}<a class="button danger" href="/dashboard/operators/{{id}}/disable">Disable</a>{{/mayDisable}}</td></tr>
{{/operators}}
</tbody></table></div>
<h2>Add an operator</h2>
<form class="stack" method="post" action="/dashboard/operators">
<input type="hidden" name="csrf" value="{{csrf}}">
<label>Email<input type="email" name="email" maxlength="254" required autocomplete="off"></label>
<label>Role<select name="role"><option value="member" selected>member</option><option value="admin">admin</option></select></label>
<p class="muted">A member sees everything of the organisation and works the pipeline; an admin also manages API keys, webhook secrets and endpoints, and operators.</p>
<button type="submit">Add operator</button>
</form>
)";

const std::string_view kOperatorLink =
    R"(<p class="note">Send {{email}} this link to set a password. It works once, for 72 hours, and is not shown again; a new link makes it stop working.</p>
<p class="secret" id="set-password-link">{{link}}</p>
<p><a href="/dashboard/operators">Back to the operators</a></p>
)";

const std::string_view kAudit = R"(<div class="table"><table>
<thead><tr><th>When</th><th>Who</th><th>What</th><th>Detail</th></tr></thead>
<tbody>
{{#entries}}<tr><td data-label="When">{{at}}</td><td data-label="Who">{{actor}}</td><td data-label="What"><code>{{action}}</code></td><td data-label="Detail">{{detail}}</td></tr>
{{/entries}}{{^entries}}<tr><td colspan="4" class="muted">Nothing changed yet.</td></tr>{{/entries}}
</tbody></table></div>
{{#next}}<p class="pager"><a href="/dashboard/audit?cursor={{next}}">Next page</a></p>{{/next}}
)";

}  // namespace lodestone::dashboard::templates
