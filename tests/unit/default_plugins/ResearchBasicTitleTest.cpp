// research/basic reads seniority and department from titles in English, French, German and
// Spanish, whatever their case and accents, from the title words of the vocabulary
// (plugins/vocabulary/vocabulary.yaml).
#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins::testing {
namespace {

class ResearchBasicTitles : public ::testing::Test {
  protected:
    Poco::JSON::Object::Ptr person(const std::string& title) {
        auto lead = newObject();
        lead->set("email", "someone@acme.com");
        lead->set("title", title);
        auto root = newObject();
        root->set("lead", lead);
        return plugin_.runObject(toJson(root))->getObject("person");
    }

    LoadedPlugin plugin_{kResearchBasic};
};

struct Case {
    const char* title;
    const char* seniority;
    const char* department;  // "": none
};

TEST_F(ResearchBasicTitles, ReadsTitlesInFourLanguages) {
    const Case cases[] = {
        {"Directeur des ventes", "director", "sales"},
        {"Directrice Marketing", "director", "marketing"},
        {"Responsable achats", "manager", "procurement"},
        {"Chef de projet", "manager", ""},
        {"Chef de projet informatique", "manager", "it"},
        {"DRH", "director", "people"},
        {"Président-directeur général", "executive", "executive"},
        {"Leiterin Vertrieb", "head", "sales"},
        {"Vertriebsleiter", "head", "sales"},
        {"Vertriebsleiterin", "head", "sales"},
        {"Einkaufsleiter", "head", "procurement"},
        {"Personalleiter", "head", "people"},
        {"Teamleiter Kundenservice", "manager", "customer_success"},
        {"Geschäftsführer", "executive", "executive"},
        {"GESCHÄFTSFÜHRERIN", "executive", "executive"},
        {"Geschaeftsfuehrer", "executive", "executive"},
        {"Jefa de compras", "head", "procurement"},
        {"Jefe de ventas", "head", "sales"},
        {"Directora de Recursos Humanos", "director", "people"},
        {"Gerente de Marketing", "manager", "marketing"},
        {"Gerente General", "executive", "executive"},
        {"Responsable de la comunicación", "manager", "marketing"},
        {"Ingeniera de software", "individual_contributor", "engineering"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.title);
        const auto found = person(c.title);
        EXPECT_EQ(found->getValue<std::string>("seniority"), c.seniority);
        EXPECT_EQ(found->optValue<std::string>("department", ""), c.department);
    }
}

TEST_F(ResearchBasicTitles, ReadsNewDepartmentsAndAbbreviations) {
    const Case cases[] = {
        {"Head of Talent", "head", "people"},
        {"Co-founder", "executive", "executive"},
        {"Chief of Staff", "executive", "executive"},
        {"Senior Director, Admissions", "director", "admissions"},
        {"Director of Enrollment Management", "director", "admissions"},
        {"Enrolment Officer", "individual_contributor", "admissions"},
        {"Purchasing Manager", "manager", "procurement"},
        {"Senior Buyer", "senior", "procurement"},
        {"Strategic Sourcing Lead", "manager", "procurement"},
        {"Media Buyer", "individual_contributor", "marketing"},
        {"Security Engineer", "individual_contributor", "it"},
        {"CRO", "executive", "sales"},
        {"COO", "executive", "operations"},
        {"GM", "executive", "executive"},
        {"General Manager, EMEA", "executive", "executive"},
        {"AVP, Claims", "vp", ""},
        {"CISO", "executive", "it"},
        {"CPO", "executive", "product"},
        {"CMO", "executive", "marketing"},
        {"CFO", "executive", "finance"},
        {"VP Finance", "vp", "finance"},
        {"SVP Sales", "vp", "sales"},
        {"EVP, Operations", "vp", "operations"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.title);
        const auto found = person(c.title);
        EXPECT_EQ(found->getValue<std::string>("seniority"), c.seniority);
        EXPECT_EQ(found->optValue<std::string>("department", ""), c.department);
    }
}

}  // namespace
}  // namespace lodestone::plugins::testing
