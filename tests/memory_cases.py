"""SC-006 evaluation set: stored research notes and questions that ask for them in other words.

Each question shares as few content words with its note as a person naturally would; the test reports the
share of questions whose note is in the top 5 (seed bar 80%, target >= 95%).
"""

PAIRS: list[tuple[str, str]] = [
    ("Project X uses Python 3.11 and FastAPI.", "What tech stack does Project X use?"),
    ("The project deadline is March 15, 2025.", "When is the project due?"),
    (
        "Our lab's mass spectrometer needs recalibration every 200 runs.",
        "How often must the mass spec be recalibrated?",
    ),
    (
        "The Q3 survey had a response rate of 41 percent.",
        "What share of people answered the third-quarter questionnaire?",
    ),
    (
        "Dr. Okafor prefers to receive drafts as LaTeX, not Word files.",
        "In which format should I send manuscripts to Okafor?",
    ),
    (
        "The cluster's GPU nodes are reserved for the vision team on Fridays.",
        "Who gets the graphics cards at the end of the week?",
    ),
    (
        "Transformer models scale roughly log-linearly in loss with compute.",
        "How does loss change as we add more training compute?",
    ),
    (
        "The ethics board approved protocol 2024-17 for human subjects research.",
        "Did we get IRB approval for the study with participants?",
    ),
    ("Sample B showed contamination with E. coli in the second assay.", "Which sample was contaminated by bacteria?"),
    (
        "We store raw sequencing data on the S3 bucket genomics-raw.",
        "Where is the unprocessed DNA sequencing output kept?",
    ),
    ("The grant from the Wellcome Trust ends in June 2027.", "When does our funding run out?"),
    (
        "Async Python code should avoid blocking calls inside coroutines.",
        "What are best practices for Python async code?",
    ),
    (
        "The conference submission limit is eight pages plus references.",
        "How long can the paper be for the conference?",
    ),
    ("Maria leads the data-cleaning workstream.", "Who is in charge of preparing the dataset?"),
    (
        "Our baseline model reached 87.2% accuracy on the validation split.",
        "How well did the reference model do on held-out data?",
    ),
    ("The freezer in room 214 keeps samples at minus 80 degrees.", "Which room has the ultra-cold storage?"),
    (
        "We switched from PostgreSQL 13 to 16 in January for the analytics database.",
        "Which database version does analytics run on now?",
    ),
    (
        "Interviews with farmers revealed that water access is the main concern.",
        "What did growers say worried them most?",
    ),
    ("The reading group meets Thursdays at 4 pm in the library.", "When is the journal club?"),
    (
        "Coral bleaching increased by 30 percent in the surveyed reef since 2019.",
        "How much worse has reef whitening become recently?",
    ),
    (
        "The new microscope requires booking at least two days in advance.",
        "How early do I need to reserve the imaging equipment?",
    ),
    (
        "Our API rate limit on the literature database is 10 requests per second.",
        "How many queries per second can we send to the papers service?",
    ),
    (
        "Tomás found that the effect disappears when controlling for income.",
        "What happened to the result after adjusting for earnings?",
    ),
    ("The preprint was posted on arXiv under identifier 2406.01234.", "What's the arXiv number of our preprint?"),
    (
        "Battery cells degrade faster above 45 degrees Celsius.",
        "At what temperature do the batteries start wearing out quickly?",
    ),
    ("The pilot study enrolled 24 participants aged 60 to 75.", "How many older adults took part in the pilot?"),
    (
        "Use the Chicago author-date style for the history chapter citations.",
        "Which referencing format does the history chapter need?",
    ),
    ("The field station has no internet after 10 pm.", "When does the connection at the remote site go offline?"),
    ("Kim's thesis defense is scheduled for May 3rd.", "When will Kim defend the dissertation?"),
    ("Solar panel output dropped 12 percent due to dust accumulation.", "Why did the photovoltaic yield fall?"),
    (
        "The survey instrument was translated into Spanish and Tagalog.",
        "Which languages is the questionnaire available in?",
    ),
    (
        "Reviewer 2 asked for an ablation of the attention module.",
        "What extra experiment did the second referee request?",
    ),
    ("The lab budget for consumables is 15,000 euros per year.", "How much can we spend on supplies annually?"),
    ("Our docker images are built nightly by the CI pipeline.", "How often are the container images rebuilt?"),
    ("The embargo on the press release lifts on 9 September.", "When can the media announcement go public?"),
]
