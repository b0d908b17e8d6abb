// research/basic through its real library: the output shape, domains and company names, names,
// custom fields, progress, cancellation, refused input and determinism. The keyword tables
// (titles, sizes, industries) are in ResearchBasicRulesTest.cpp.
#include <thread>

#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins {
namespace {

using ::testing::AllOf;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using namespace testing;

using Fields = std::vector<std::pair<std::string, Poco::Dynamic::Var>>;

// The engine's input for a lead with `fields`.
std::string input(const Fields& fields) {
    auto lead = newObject();
    for (const auto& [name, value] : fields) lead->set(name, value);
    auto project = newObject();
    project->set("id", "proj_1");
    project->set("name", "Demo");
    project->set("settings", newObject());
    auto root = newObject();
    root->set("jobId", "job_1");
    root->set("leadId", "lead_1");
    root->set("lead", lead);
    root->set("project", project);
    return toJson(root);
}

class ResearchBasic : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr research(const Fields& fields) const {
        return plugin_.runObject(input(fields));
    }
    Poco::JSON::Object::Ptr person(const Fields& fields) const {
        return research(fields)->getObject("person");
    }
    Poco::JSON::Object::Ptr company(const Fields& fields) const {
        return research(fields)->getObject("company");
    }

    LoadedPlugin plugin_{kResearchBasic};
};

TEST_F(ResearchBasic, TurnsAFullLeadIntoTheDocumentedShape) {
    auto custom = newObject();
    custom->set("source", "webinar");
    const auto output = research({{"email", "ada@analytical-engines.co.uk"},
                                  {"fullName", "Ada Lovelace"},
                                  {"industry", "saas"},
                                  {"companySize", "11-50"},
                                  {"title", "VP of Engineering"},
                                  {"phone", "+44 20 7946 0000"},
                                  {"customFields", custom}});
    EXPECT_EQ(toJson(output->getObject("person")),
              R"({"fullName":"Ada Lovelace","firstName":"Ada","lastName":"Lovelace",)"
              R"("email":"ada@analytical-engines.co.uk","title":"VP of Engineering",)"
              R"("seniority":"vp","department":"engineering","phone":"+44 20 7946 0000"})");
    EXPECT_EQ(toJson(output->getObject("company")),
              R"({"name":"Analytical Engines","domain":"analytical-engines.co.uk",)"
              R"("industry":"Software","sizeBand":"11-50","sizeCategory":"small"})");
    EXPECT_EQ(toJson(output->getObject("custom")), R"({"source":"webinar"})");
    EXPECT_THAT(
        strings(output->getArray("facts")),
        ElementsAre("Ada Lovelace works at Analytical Engines as VP of Engineering",
                    "Works in Engineering at VP level",
                    "Company domain analytical-engines.co.uk comes from the email address",
                    "Company name \"Analytical Engines\" is read from the domain "
                    "analytical-engines.co.uk",
                    "Industry: Software (given as \"saas\")",
                    "Company size: 11-50 employees (small)", "Custom fields submitted: source"));
    EXPECT_THAT(strings(output->getArray("sources")),
                ElementsAre("submitted form", "email domain", "job title"));
}

TEST_F(ResearchBasic, LeavesOutWhatItDoesNotKnow) {
    const std::string output = plugin_.run(input({{"email", "someone@gmail.com"}}));
    EXPECT_EQ(output,
              R"({"person":{"email":"someone@gmail.com","seniority":"unknown"},"company":{},)"
              R"("custom":{},"facts":["Signed up with a personal address at gmail.com, which )"
              R"(says nothing about the employer"],"sources":["submitted form","email domain"],)"
              R"("profile":{},"evidence":{},"findings":[{"text":"Signed up with a personal )"
              R"(address at gmail.com, which says nothing about the employer",)"
              R"("source":"lead.email","evidence":"inferred"}],"warnings":[]})");
    EXPECT_THAT(output, Not(HasSubstr("null")));
}

TEST_F(ResearchBasic, NormalisesTheSubmittedDomain) {
    const std::pair<const char*, const char*> cases[] = {
        {"HTTPS://www.Example.com/about", "example.com"},
        {"example.com:8443", "example.com"},
        {"http://user@shop.example.co.uk/x?y#z", "shop.example.co.uk"},
        {"www.acme.io.", "acme.io"},
        {"  Acme.COM  ", "acme.com"},
        {"//cdn.acme.com/path", "cdn.acme.com"},
    };
    for (const auto& [submitted, expected] : cases) {
        SCOPED_TRACE(submitted);
        EXPECT_EQ(company({{"email", "ada@other.org"}, {"domain", submitted}})
                      ->getValue<std::string>("domain"),
                  expected);
    }
}

TEST_F(ResearchBasic, FallsBackToTheEmailsRegistrableDomain) {
    EXPECT_EQ(
        company({{"email", "ada@mail.analytical-engines.co.uk"}})->getValue<std::string>("domain"),
        "analytical-engines.co.uk");
    const auto output = research({{"email", "ada@acme.com"}, {"domain", "not a domain"}});
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("domain"), "acme.com");
    EXPECT_THAT(strings(output->getArray("facts")),
                Contains("The submitted domain \"not a domain\" is not a domain name"));
}

TEST_F(ResearchBasic, FreeMailAddressesNameNoCompany) {
    for (const char* domain :
         {"gmail.com",   "googlemail.com", "yahoo.com",    "yahoo.co.uk",   "yahoo.fr",
          "outlook.com", "outlook.de",     "hotmail.com",  "hotmail.co.uk", "live.com",
          "msn.com",     "icloud.com",     "me.com",       "mac.com",       "aol.com",
          "proton.me",   "protonmail.com", "gmx.de",       "gmx.net",       "mail.com",
          "yandex.ru",   "zoho.com",       "fastmail.com", "hey.com",       "web.de",
          "qq.com"}) {
        SCOPED_TRACE(domain);
        const auto output = research({{"email", std::string("ada@") + domain}});
        EXPECT_EQ(output->getObject("company")->size(), 0u);
        EXPECT_THAT(strings(output->getArray("facts")),
                    Contains(HasSubstr(std::string("personal address at ") + domain)));
    }
    // Only the provider's own domain: a company may live under a provider's name elsewhere.
    EXPECT_EQ(company({{"email", "ada@mail.yahoo.example.com"}})->getValue<std::string>("domain"),
              "example.com");
}

TEST_F(ResearchBasic, IgnoresAFreeMailDomainSubmittedAsTheCompanysDomain) {
    const auto output = research({{"email", "ada@acme.com"}, {"domain", "www.gmail.com"}});
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("domain"), "acme.com");
    EXPECT_THAT(strings(output->getArray("facts")),
                Contains("The submitted domain gmail.com belongs to a free-mail provider, not a "
                         "company"));
}

TEST_F(ResearchBasic, AddsConfiguredFreeMailDomains) {
    LoadedPlugin configured(kResearchBasic,
                            {"free_mail_domains: [corp-mail.example, \"@Mailer.*\"]"});
    for (const char* email : {"ada@corp-mail.example", "ada@mailer.com", "ada@mailer.co.uk"}) {
        SCOPED_TRACE(email);
        EXPECT_EQ(configured.runObject(input({{"email", email}}))->getObject("company")->size(),
                  0u);
        EXPECT_EQ(company({{"email", email}})->size(), 2u) << "not free mail by default";
    }
}

TEST_F(ResearchBasic, RefusesAFreeMailEntryThatIsNotADomain) {
    EXPECT_THAT(loadErrors(kResearchBasic, {"free_mail_domains: [good.example, \"not a domain\"]"}),
                Contains(AllOf(HasSubstr("free_mail_domains"), HasSubstr("\"not a domain\""))));
    EXPECT_THAT(loadErrors(kResearchBasic, {"free_mail_domains: [\"two.labels.*\"]"}),
                Contains(HasSubstr("free_mail_domains")));
    EXPECT_THAT(loadErrors(kResearchBasic, {"free_mail_domains: []"}), ::testing::IsEmpty());
}

TEST_F(ResearchBasic, ReadsCompanyNamesFromDomains) {
    const std::pair<const char*, const char*> cases[] = {
        {"analytical-engines.co.uk", "Analytical Engines"},
        {"acme.com", "Acme"},
        {"bank-of-america.com", "Bank of America"},
        {"my-crm.io", "My CRM"},
        {"data_works.com.au", "Data Works"},
        {"eu.shop.example.co.jp", "Example"},
        {"ibm.com", "IBM"},
        {"hq-ltd.co.uk", "HQ Ltd"},
        {"open-ai-labs.com.br", "Open AI Labs"},
        {"3m.com", "3M"},
        {"the-widget-co.org.nz", "The Widget Co"},
    };
    for (const auto& [domain, name] : cases) {
        SCOPED_TRACE(domain);
        EXPECT_EQ(company({{"email", std::string("x@") + domain}})->getValue<std::string>("name"),
                  name);
    }
    const auto output = research({{"email", "ada@gmail.com"}, {"domain", "https://acme-labs.io"}});
    EXPECT_EQ(output->getObject("company")->getValue<std::string>("name"), "Acme Labs");
    EXPECT_THAT(strings(output->getArray("sources")), Contains("company domain"));
}

TEST_F(ResearchBasic, PrefersTheSubmittedCompanyNameTrimmed) {
    EXPECT_EQ(company({{"email", "ada@ae.co.uk"}, {"company", "  Analytical Engines Ltd \n"}})
                  ->getValue<std::string>("name"),
              "Analytical Engines Ltd");
}

TEST_F(ResearchBasic, SplitsFullNames) {
    struct Case {
        const char* fullName;
        const char* first;
        const char* last;  // nullptr: none
    };
    const Case cases[] = {
        {"Ada Lovelace", "Ada", "Lovelace"},
        {"Ada", "Ada", nullptr},
        {"Ada King Lovelace", "Ada", "Lovelace"},
        {"Lovelace, Ada", "Ada", "Lovelace"},
        {"Dr. Ada Lovelace PhD", "Ada", "Lovelace"},
        {"Ada Lovelace, PhD", "Ada", "Lovelace"},
        {"  ada   lovelace ", "ada", "lovelace"},
        {"José Álvarez", "José", "Álvarez"},
        {"Dr.", "Dr", nullptr},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.fullName);
        const auto p = person({{"email", "a@acme.com"}, {"fullName", c.fullName}});
        EXPECT_EQ(p->optValue<std::string>("firstName", "-"), c.first);
        EXPECT_EQ(p->optValue<std::string>("lastName", "-"), c.last ? c.last : "-");
    }
    EXPECT_FALSE(person({{"email", "a@acme.com"}})->has("firstName"));
}

TEST_F(ResearchBasic, UsesFirstAndLastNameSchemaFieldsWithoutAFullName) {
    const auto output =
        research({{"email", "a@acme.com"}, {"firstName", "Ada"}, {"lastName", "Lovelace"}});
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("fullName"), "Ada Lovelace");
    EXPECT_EQ(toJson(output->getObject("custom")), R"({"firstName":"Ada","lastName":"Lovelace"})");
}

TEST_F(ResearchBasic, KeepsEveryCustomFieldSchemaFieldsWinningClashes) {
    auto nested = newObject();
    nested->set("plan", "pro");
    auto customFields = newObject();
    customFields->set("source", "webinar");
    customFields->set("country", "FR");
    customFields->set("empty", Poco::Dynamic::Var());
    const auto output = research({{"email", "a@acme.com"},
                                  {"budget", 5000},
                                  {"country", "UK"},
                                  {"consent", true},
                                  {"account", nested},
                                  {"nothing", Poco::Dynamic::Var()},
                                  {"title", nested},
                                  {"customFields", customFields}});
    EXPECT_EQ(toJson(output->getObject("custom")),
              R"({"budget":5000,"country":"UK","consent":true,"account":{"plan":"pro"},)"
              R"("title":{"plan":"pro"},"source":"webinar"})");
    EXPECT_EQ(output->getObject("person")->getValue<std::string>("seniority"), "unknown");
}

TEST_F(ResearchBasic, ReadsCustomFieldsSentAsAJsonString) {
    EXPECT_EQ(toJson(research({{"email", "a@acme.com"}, {"customFields", R"({"source":"ads"})"}})
                         ->getObject("custom")),
              R"({"source":"ads"})");
    EXPECT_EQ(
        toJson(
            research({{"email", "a@acme.com"}, {"customFields", "not json"}})->getObject("custom")),
        R"({"customFields":"not json"})");
}

TEST_F(ResearchBasic, ReportsProgressInOrder) {
    ProgressLog progress;
    plugin_.run(input({{"email", "ada@acme.com"}, {"title", "CTO"}}), &progress);
    std::vector<int> percents;
    for (const auto& [percent, note] : progress) {
        percents.push_back(percent);
        EXPECT_FALSE(note.empty());
    }
    EXPECT_THAT(percents, ElementsAre(10, 40, 70, 100));
}

TEST_F(ResearchBasic, StopsWhenCancelled) {
    EXPECT_EQ(plugin_.cancelledFailure(input({{"email", "ada@acme.com"}})).status(),
              LODESTONE_ERROR_CANCELLED);
}

TEST_F(ResearchBasic, RefusesInputItCannotUse) {
    const std::pair<std::string, const char*> cases[] = {
        {"not json", "the input is not JSON"},
        {"[1, 2]", "the input is not a JSON object"},
        {R"({"jobId":"job_1"})", "the input has no \"lead\" object"},
        {R"({"lead":"ada@acme.com"})", "\"lead\" is not a JSON object"},
        {R"({"lead":{"fullName":"Ada"}})", "lead.email is missing"},
        {R"({"lead":{"email":null}})", "lead.email is missing"},
        {R"({"lead":{"email":42}})", "lead.email is not a string"},
        {R"({"lead":{"email":"  "}})", "lead.email is empty"},
        {R"({"lead":{"email":"ada"}})", "lead.email \"ada\" is not an email address"},
        {R"({"lead":{"email":"@acme.com"}})", "is not an email address"},
        {R"({"lead":{"email":"ada@localhost"}})", "is not an email address"},
    };
    for (const auto& [text, message] : cases) {
        SCOPED_TRACE(text);
        const PluginError error = plugin_.failure(text);
        EXPECT_EQ(error.status(), LODESTONE_ERROR_INVALID_INPUT);
        EXPECT_THAT(error.message(), HasSubstr(message));
    }
}

TEST_F(ResearchBasic, IsDeterministic) {
    const std::string text = input({{"email", "ada@analytical-engines.co.uk"},
                                    {"fullName", "Ada Lovelace"},
                                    {"industry", "Fintech"},
                                    {"companySize", "1,000-5,000"},
                                    {"title", "Chief Financial Officer"},
                                    {"zeta", 1},
                                    {"alpha", 2}});
    const std::string first = plugin_.run(text);
    LoadedPlugin other(kResearchBasic);
    std::vector<std::string> outputs(8);
    std::vector<std::thread> threads;
    for (auto& output : outputs) threads.emplace_back([&] { output = other.run(text); });
    for (auto& thread : threads) thread.join();
    for (const auto& output : outputs) EXPECT_EQ(output, first);
    // Custom fields keep the order they were sent in.
    EXPECT_EQ(toJson(parseObject(first)->getObject("custom")), R"({"zeta":1,"alpha":2})");
}

}  // namespace
}  // namespace lodestone::plugins
