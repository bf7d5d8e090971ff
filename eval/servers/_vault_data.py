"""The fake Obsidian vault of ``eval/servers/obsidian.py``: Ravi Shah's research notes (a PhD student on a CRISPR
screen, in a lab that also runs a p53 project and an organoid atlas). Paths relative to the vault root, as the
Obsidian Local REST API names them; the vault's "today" is Sunday 2026-11-22, for which no daily note exists yet.
"""

from __future__ import annotations

NOTES: dict[str, str] = {
    "Welcome.md": """# Welcome

This is Ravi's research vault. Daily notes live in `Daily/`, one note per project in `Projects/`, paper notes in
`Papers/`, meeting notes in `Meetings/`, bench protocols in `Protocols/`.

Quick capture goes to [[Inbox]].
""",
    "Inbox.md": """# Inbox

- ask Lena whether the Brunello aliquots arrived
- look up the MAGeCK count normalisation options
""",
    "Ideas.md": """# Ideas

- Rerun the screen with a second guide library (Gattinara?) to confirm hits
- Combine the screen hits with Mei's organoid atlas: are the top hits expressed in colon stem cells?
- Try a pooled imaging readout instead of survival
""",
    "Reading list.md": """# Reading list

- [x] Shalem 2014 – GeCKO knockout screening
- [ ] Doench 2016 – optimized sgRNA design (Brunello)
- [ ] Jumper 2021 – AlphaFold
""",
    "Daily/2026-11-19.md": """---
date: 2026-11-19
tags: [daily]
---
# Thursday 19 November 2026

## Log
- Harvested screen rep A and rep B, genomic DNA extracted (S-010, S-011)
- Nanodrop: rep A 412 ng/µl, rep B 389 ng/µl

## Tomorrow
- PCR of the sgRNA cassettes
""",
    "Daily/2026-11-20.md": """---
date: 2026-11-20
tags: [daily]
---
# Friday 20 November 2026

## Log
- PCR of the sgRNA cassettes, 24 cycles
- Gel looks clean, no adapter dimers this time
- Lab meeting moved to Tuesday

## Tomorrow
- Library QC on the Bioanalyzer
""",
    "Daily/2026-11-21.md": """---
date: 2026-11-21
tags: [daily]
---
# Saturday 21 November 2026

## Log
- Bioanalyzer: single peak at 354 bp, libraries pooled
- Booked a NovaSeq lane for Wednesday
- Checked mycoplasma status of HCT116 (negative on 1 November)

## Tomorrow
- Write the committee report outline
""",
    "Projects/CRISPR screen.md": """---
status: active
owner: Ravi Shah
tags: [project, crispr]
---
# CRISPR screen

Genome-wide knockout screen in HCT116 with the Brunello library, 500x coverage, puromycin selection.

## Status
Rep A and rep B harvested on 19 November; libraries sequenced next week.

## Next steps
- Demultiplex and count with MAGeCK
- Compare with the DepMap essential genes

## Open questions
- Is 500x enough for the low-abundance guides?
""",
    "Projects/Organoid atlas.md": """---
status: active
owner: Mei Lin
tags: [project, organoids]
---
# Organoid atlas

Single-cell atlas of colon organoids with the Hubrecht Institute. Day 7 and day 14 organoids frozen in LN2-01.

## Status
Imaging of day 14 done; 10x run planned for December.

## Next steps
- Dissociation test with TrypLE
""",
    "Projects/p53 western blots.md": """---
status: active
owner: Dana Kowalski
tags: [project, p53]
---
# p53 western blots

Etoposide time course in HCT116, anti-p53 DO-1 and beta-actin as loading control.

## Results
p53 band up from 4 h, strongest at 8 h (4.3x). ^res1

## Open questions
- Does the new DO-1 lot give the same background?
""",
    "Meetings/2026-11-17 lab meeting.md": """# Lab meeting 17 November 2026

Present: Astrid, Dana, Ravi, Mei, Lena, Tomás

## Notes
- Freezer FRZ-02 alarms: Lena is on it (LAB-118)
- Confocal 561 laser weak, service visit requested
- Screen on track, sequencing next week

## Action items
- Ravi: send the committee report outline to Astrid by 4 December
- Mei: book the 10x run
""",
    "Meetings/Committee meeting prep.md": """# Committee meeting prep

Meeting on 12 January 2027 with Astrid, Prof. Okafor and Dr. Brandt.

## Outline
1. Screen design and coverage
2. First hits
3. Timeline to the thesis
""",
    "Papers/Shalem 2014.md": """---
authors: Shalem, Sanjana, Hartenian, Zhang
year: 2014
doi: 10.1126/science.1247005
---
# Genome-scale CRISPR-Cas9 knockout screening in human cells

GeCKO library, 64,751 sgRNAs; negative selection in A375 and HUES62.

## Takeaways
- Coverage of at least 300x per guide
- Use several guides per gene
""",
    "Papers/Jinek 2012.md": """---
authors: Jinek, Chylinski, Fonfara, Hauer, Doudna, Charpentier
year: 2012
doi: 10.1126/science.1225829
---
# A programmable dual-RNA-guided DNA endonuclease

Cas9 cuts with a single chimeric guide RNA.
""",
    "Papers/AlphaFold 2021.md": """---
authors: Jumper et al.
year: 2021
doi: 10.1038/s41586-021-03819-2
---
# Highly accurate protein structure prediction with AlphaFold

Journal club paper (Mei presents). AlphaFold predictions for our top screen hits?
""",
    "Protocols/Western blot.md": """# Western blot

1. Lyse in RIPA with protease inhibitors, 30 min on ice
2. BCA assay, load 20 µg per lane
3. 10% SDS-PAGE, 120 V for 90 min
4. Wet transfer 100 V for 60 min at 4 °C
5. Block 1 h in 5% milk, primary overnight at 4 °C
""",
    "Protocols/Miniprep.md": """# Miniprep

1. Pellet 2 ml overnight culture, 1 min at 13,000 x g
2. Resuspend in 250 µl P1, lyse with 250 µl P2 (max 5 min)
3. Neutralise with 350 µl N3, spin 10 min
4. Bind, wash with PE, elute in 50 µl EB
""",
    "Protocols/Organoid passaging.md": """# Organoid passaging

Passage every 7 days at 1:4. Mechanical disruption with a P200, re-embed in Matrigel, 10 µM Y-27632 for 2 days.
""",
    "Templates/Daily note.md": """---
date: {{date}}
tags: [daily]
---
# {{date:dddd D MMMM YYYY}}

## Log

## Tomorrow
""",
    "Archive/old todo.md": """# Old todo

- [x] order Brunello library
- [x] make lentivirus
- [ ] clean up the -20
""",
    "Archive/Retreat 2025.md": """# Lab retreat 2025

12-14 September, Texel. Talks by everyone, boat trip cancelled because of wind.
""",
}
