#include "dashboard/Templates.hpp"

namespace lodestone::dashboard::templates {

const std::string_view kProjects =
    R"({{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<div class="table"><table>
<thead><tr><th>Name</th><th>Lead-magnet host</th><th>Credits a generation</th><th>Created</th></tr></thead>
<tbody>
{{#projects}}<tr><td data-label="Name"><a href="/dashboard/projects/{{id}}">{{name}}</a></td><td data-label="Lead-magnet host">{{host}}</td><td data-label="Credits a generation">{{credits}}</td><td data-label="Created">{{created}}</td></tr>
{{/projects}}{{^projects}}<tr><td colspan="4" class="muted">No projects yet.</td></tr>{{/projects}}
</tbody></table></div>
{{#next}}<p class="pager"><a href="/dashboard/projects?cursor={{next}}">Next page</a></p>{{/next}}
<h2 id="new">New project</h2>
<form class="stack" method="post" action="/dashboard/projects">
<input type="hidden" name="csrf" value="{{csrf}}">
<label>Name<input name="name" value="{{newName}}" maxlength="200" required></label>
<label>Lead-magnet host (optional)<input type="url" name="host" value="{{newHost}}" placeholder="https://guides.example.com"></label>
<button type="submit">Create project</button>
</form>
)";

const std::string_view kProject = R"({{#flash}}<p class="note" role="status">{{flash}}</p>{{/flash}}
{{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}
<h2 id="schema">Schema</h2>
<p class="muted">The fields Generate Lead Magnet accepts. Clear a field's name to remove it; fill the last row to add one. <code>email</code> is always there and required.</p>
<form method="post" action="/dashboard/projects/{{id}}/schema">
<input type="hidden" name="csrf" value="{{csrf}}">
<input type="hidden" name="rows" value="{{rows}}">
<div class="table"><table>
<thead><tr><th>Name</th><th>Type</th><th>Required</th><th>Label</th><th>Description</th></tr></thead>
<tbody>
{{#fields}}<tr><td data-label="Name"><input name="f{{index}}_name" value="{{name}}" maxlength="100" aria-label="Name"></td>
<td data-label="Type"><select name="f{{index}}_type" aria-label="Type">{{#types}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/types}}</select></td>
<td data-label="Required"><input type="checkbox" name="f{{index}}_required" value="1" aria-label="Required"{{#required}} checked{{/required}}></td>
<td data-label="Label"><input name="f{{index}}_label" value="{{label}}" maxlength="200" aria-label="Label"></td>
<td data-label="Description"><input name="f{{index}}_description" value="{{description}}" maxlength="500" aria-label="Description"></td></tr>
{{/fields}}
</tbody></table></div>
<p><button type="submit">Save schema</button></p>
</form>
<h2 id="jobs">Jobs</h2>
<form class="filters" method="get" action="/dashboard/projects/{{id}}#jobs">
<label>Status<select name="status"><option value="">any</option>{{#statuses}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{name}}</option>{{/statuses}}</select></label>
<button type="submit" class="quiet">Filter</button>
</form>
<div class="table"><table>
<thead><tr><th>Lead</th><th>Status</th><th>Progress</th><th>Created</th><th>Lead magnet</th><th></th></tr></thead>
<tbody>
{{#jobs}}<tr><td data-label="Lead">{{lead}}<br><span class="muted">{{id}}</span></td><td data-label="Status"><span class="badge {{status}}">{{status}}</span>{{#error}}<br><span class="muted">{{error}}</span>{{/error}}</td><td data-label="Progress">{{progress}} %</td><td data-label="Created">{{created}}</td>
<td data-label="Lead magnet">{{#url}}<a href="{{url}}?preview">Open</a><br><span class="muted">{{views}}</span>{{/url}}</td>
<td>{{#retryable}}<form class="inline" method="post" action="/dashboard/projects/{{projectId}}/jobs/{{id}}/retry"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">Retry</button></form>{{/retryable}}</td></tr>
{{/jobs}}{{^jobs}}<tr><td colspan="6" class="muted">No jobs match.</td></tr>{{/jobs}}
</tbody></table></div>
{{#next}}<p class="pager"><a href="{{next}}">Next page</a></p>{{/next}}
)";

}  // namespace lodestone::dashboard::templates
