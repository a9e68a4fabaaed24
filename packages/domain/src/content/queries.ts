// Every query the product sends the content service, declared once against its schema
// (packages/content/src/schema.graphql). GraphQL Code Generator reads these documents and writes
// their result types to ./generated.ts (`npm run codegen`; a test fails when it is out of date), so
// the browser, the server and the content service's schema cannot drift apart unnoticed.

/** One request serves the shell (guard rule 4 and the tenant theme) and the survey remote. */
export const SURVEY_DEFINITION_QUERY = /* GraphQL */ `
  query SurveyDefinition($id: ID!) {
    survey(id: $id) {
      id
      title
      tenantId
      requireAccount
      primaryColor
      secondaryColor
      tertiaryColor
      quaternaryColor
      globalFont
      textColor
      primaryLogo {
        ...Logo
      }
      secondaryLogo {
        ...Logo
      }
      mobileSecondaryLogo {
        ...Logo
      }
      completionUrl
      intro {
        ...RichTextFields
      }
      intro2 {
        ...RichTextFields
      }
      outro {
        ...RichTextFields
      }
      sections(limit: 10) {
        id
        title
        description
        primaryColor
        sectionIcon {
          ...AssetFields
        }
        questions(limit: 20) {
          __typename
          id
          title
          ... on Question {
            ...RespondentQuestion
          }
          ... on QuestionGroup {
            helperText
            questions(limit: 20) {
              ...RespondentQuestion
            }
          }
        }
      }
    }
  }

  fragment Logo on Asset {
    url
    title
    width
    height
  }

  fragment AssetFields on Asset {
    url
    title
    width
    height
    description
  }

  fragment RichTextFields on RichText {
    html
    videos {
      title
      url
      embedUrl
    }
    assets {
      ...AssetFields
    }
  }

  fragment RespondentQuestion on Question {
    id
    title
    helperText
    type
    labels
    scoreMin
    scoreMax
    scoreStepSize
    textLines
    information
    multiple
    options {
      id
      label
    }
  }
`;

/** What the server needs of a survey: recipients, logos for the mail, scoring. */
export const SERVER_SURVEY_QUERY = /* GraphQL */ `
  query ServerSurvey($id: ID!) {
    survey(id: $id) {
      id
      title
      tenantId
      primaryColor
      primaryLogo {
        url
      }
      secondaryLogo {
        url
      }
      notificationEmailRecipients
      notificationEmailBcc
      dashboardUrl
      declarationText
      declarationOutro
      requireAccount
      scoring {
        scale
        bands {
          min
          label
          description
        }
      }
      sections {
        title
        topic
        weight
        questions {
          __typename
          ... on Question {
            ...ScoredQuestion
          }
          ... on QuestionGroup {
            questions {
              ...ScoredQuestion
            }
          }
        }
      }
    }
  }

  fragment ScoredQuestion on Question {
    id
    title
    type
    scoring {
      method
      maxScore
    }
    scoreMin
    scoreMax
    labels
    options {
      id
      label
      score
    }
    multiple
    evidenceRequired
  }
`;

/** The published surveys' names and publishers, for naming results on the dashboard. */
export const SURVEY_LIST_QUERY = /* GraphQL */ `
  query SurveyList {
    surveys {
      id
      title
      tenantId
    }
  }
`;

/**
 * The publisher's Results workbench's filter choices: the survey's score bands and its questions'
 * options (the facets of peer-groups.ts). The respondent's definition query carries no bands.
 */
export const WORKBENCH_FILTERS_QUERY = /* GraphQL */ `
  query WorkbenchFilters($id: ID!) {
    survey(id: $id) {
      scoring {
        bands {
          label
        }
      }
      sections {
        questions {
          __typename
          ... on Question {
            id
            options {
              id
              label
            }
          }
          ... on QuestionGroup {
            questions {
              id
              options {
                id
                label
              }
            }
          }
        }
      }
    }
  }
`;

/** The action catalogue, as the server reads it to suggest actions for a result. */
export const ACTIONS_QUERY = /* GraphQL */ `
  query ActionCatalogue {
    actions {
      id
      title
      summary
      topic
      effort
      impact
      academyArticles
      addresses {
        questionId
        atMost
        anyOf
        noneOf
      }
    }
  }
`;

/** A tenant's toolkit: the surveys its dashboard offers (by the toolkit it signed up through). */
export const TOOLKIT_QUERY = /* GraphQL */ `
  query Toolkit($name: ID!) {
    toolkit(name: $name) {
      name
      title
      tenantId
      assessment {
        id
        title
        tenantId
      }
      teamSurvey {
        id
        title
        tenantId
      }
      publicSurvey {
        id
        title
        tenantId
      }
    }
  }
`;

/** The Academy's list: newest first, narrowed by topic and search words. */
export const ARTICLES_QUERY = /* GraphQL */ `
  query Articles($topic: EsgTopic, $search: String) {
    articles(topic: $topic, search: $search) {
      slug
      title
      summary
      topic
      readingMinutes
      publishedAt
    }
  }
`;

/** One Academy article with its body and the actions it helps with. */
export const ARTICLE_QUERY = /* GraphQL */ `
  query Article($slug: ID!) {
    article(slug: $slug) {
      slug
      title
      summary
      topic
      readingMinutes
      publishedAt
      body {
        html
        videos {
          title
          url
          embedUrl
        }
        assets {
          url
          title
          width
          height
          description
        }
      }
      actions {
        id
        title
      }
    }
  }
`;
