"""The test-only MCP servers of eval/servers/: each one over MCP (real stdio, or in process for the newest dev-only
servers), and their tool names kept out of agent_core."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.client import Client

from agent_core.settings import PROJECT_ROOT
from eval.servers import (
    airtable,
    antibodies,
    biobank,
    biorxiv,
    calendar,
    chat,
    citations,
    cluster,
    coldchain,
    compounds,
    conferences,
    confluence,
    courier,
    datasets,
    doi,
    expenses,
    fetch,
    fieldlog,
    gdrive,
    genes,
    geocode,
    git,
    github,
    glossary,
    grants,
    greenhouse,
    hfhub,
    imaging,
    instruments,
    issues,
    jira,
    kgraph,
    library,
    linear,
    mail,
    maps,
    molcalc,
    notebook,
    notion,
    nws,
    obsidian,
    ontology,
    proteins,
    protocols,
    pubmed,
    refs,
    roombook,
    safety,
    scholar,
    seminars,
    sequences,
    sequencing,
    servicedesk,
    shipping,
    solar,
    sqlite,
    stats,
    stockroom,
    stocks,
    structures,
    tavily,
    taxonomy,
    timers,
    translate,
    travel,
    trello,
    trials,
    units,
    variants,
    vivarium,
    wiki,
    zenodo,
)

# server -> (its tools, read-only or not; one call: tool, arguments, expected structured content (subset))
SERVERS: dict[str, tuple[dict[str, bool], str, dict[str, Any], dict[str, Any]]] = {
    "airquality": ({"get_air_quality": True}, "get_air_quality", {"city": "Paris"}, {"city": "Paris"}),
    "doi": (
        {"lookup_doi": True},
        "lookup_doi",
        {"doi": "10.1038/nature12373", "fields": ["title", "journal"]},
        {"doi": "10.1038/nature12373", "journal": "Nature"},
    ),
    "units": (
        {"convert_units": True},
        "convert_units",
        {"value": 10, "from_unit": "kilometers", "to_unit": "miles"},
        {"from_unit": "km", "to_unit": "mi", "result": 6.213711922},
    ),
    "arxiv": ({"search_arxiv": True}, "search_arxiv", {"query": "graph neural networks", "max_results": 2}, {}),
    "calendar": (
        {"create_event": False, "list_events": True},
        "create_event",
        {"title": "Lab meeting", "date": "2026-11-23", "start_time": "9:30"},
        {"id": 1, "title": "Lab meeting", "date": "2026-11-23", "start_time": "09:30"},
    ),
    "weather": ({"get_forecast": True}, "get_forecast", {"city": "Oslo", "days": 2}, {"city": "Oslo"}),
    "isbn": ({"lookup_isbn": True}, "lookup_isbn", {"isbn": "978-0-262-03384-8"}, {"isbn": "9780262033848"}),
    "currency": (
        {"convert_currency": True},
        "convert_currency",
        {"amount": 100, "from_currency": "usd", "to_currency": "EUR"},
        {"from_currency": "USD", "to_currency": "EUR", "rate": 0.92, "result": 92.0},
    ),
    "compounds": (
        {"get_compound": True},
        "get_compound",
        {"name": "caffeine"},
        {"name": "caffeine", "formula": "C8H10N4O2", "molecular_weight": 194.19, "cas": "58-08-2"},
    ),
    "wiki": (
        {"get_summary": True},
        "get_summary",
        {"title": "Photosynthesis", "sentences": 2},
        {"title": "Photosynthesis", "url": "https://encyclopedia.example.org/wiki/Photosynthesis"},
    ),
    "geocode": (
        {"geocode_address": True},
        "geocode_address",
        {"address": "10 Downing Street, London"},
        {"address": "10 Downing Street, London", "country": "United Kingdom"},
    ),
    "translate": (
        {"translate_text": True},
        "translate_text",
        {"text": "good morning", "target_language": "de"},
        {"translated": "Guten Morgen", "source_language": "en", "target_language": "de"},
    ),
    "stocks": ({"get_stock_quote": True}, "get_stock_quote", {"symbol": "aapl"}, {"symbol": "AAPL", "currency": "USD"}),
    "issues": (
        {"list_repo_issues": True},
        "list_repo_issues",
        {"repo": "pydantic/pydantic-ai", "state": "closed"},
        {"repo": "pydantic/pydantic-ai"},
    ),
    "instruments": (
        {"book_instrument": False, "list_bookings": True},
        "book_instrument",
        {"instrument": "the FACS", "date": "2026-11-24", "start_time": "9:30", "hours": 1.5},
        {"instrument": "flow cytometer", "date": "2026-11-24", "start_time": "09:30", "end_time": "11:00"},
    ),
    "timers": (
        {"start_timer": False, "list_timers": True},
        "start_timer",
        {"duration": 90, "unit": "seconds", "label": "gel"},
        {"label": "gel", "duration": 90, "unit": "seconds", "ends_at": "2026-11-22T12:01:30+00:00"},
    ),
    "pubmed": (
        {"lookup_pmid": True},
        "lookup_pmid",
        {"pmid": "PMID: 23287718"},
        {"pmid": "23287718", "journal": "Science", "year": 2013, "abstract": None},
    ),
    "genes": (
        {"get_genes": True},
        "get_genes",
        {"symbols": ["tp53", "BRCA1"]},
        {"species": "human"},
    ),
    "stockroom": (
        {"stockroom_lookup": True, "raise_purchase_order": False},
        "raise_purchase_order",
        {"item": "agarose", "quantity": 500, "unit": "g"},
        {"po_number": "PO-2026-0001", "item": "Agarose", "quantity": 500, "unit": "g", "urgent": False},
    ),
    "citations": (
        {"format_citation": True},
        "format_citation",
        {"doi": "10.1126/Science.1225829", "style": "bibtex"},
        {"doi": "10.1126/science.1225829", "style": "bibtex"},
    ),
    "structures": (
        {"fetch_pdb_entry": True, "search_pdb": True},
        "fetch_pdb_entry",
        {"pdb_id": "4hhb"},
        {"pdb_id": "4HHB", "method": "X-ray diffraction", "resolution_angstrom": 1.74, "chains": 4},
    ),
    "solar": (
        {"solar_ephemeris": True},
        "solar_ephemeris",
        {"latitude": 59.91, "longitude": 10.75, "date": "2026-11-23"},
        {"sunrise": "07:34", "sunset": "14:33", "photoperiod_hours": 6.98},
    ),
    "stats": (
        {"two_sample_t_test": True, "describe_sample": True},
        "two_sample_t_test",
        {"sample_a": [1, 2, 3], "sample_b": [4, 5, 6]},
        {"test": "Welch", "t": -3.674235, "df": 4.0, "p_value": 0.021312},
    ),
    "biobank": (
        {"query_specimen_registry": True, "deposit_specimen": False},
        "deposit_specimen",
        {"label": "rat brain, animal 7", "volume_ul": 250, "storage": "liquid_nitrogen"},
        {"specimen_id": "SP-2026-0001", "volume_ul": 250.0, "box_id": "BX-0232", "deposited": "2026-11-22"},
    ),
    "courier": (
        {"track_consignment": True, "schedule_pickup": False},
        "schedule_pickup",
        {"address": "Room 2.105", "date": "2026-11-23", "ready_time": "9:30", "parcels": 2, "dry_ice": True},
        {"pickup_id": "PU-2026-0001", "date": "2026-11-23", "window": "09:30-12:30", "parcels": 2, "dry_ice": True},
    ),
    "taxonomy": (
        {"resolve_taxon_names": True},
        "resolve_taxon_names",
        {"names": ["zebrafish", "Mus musculus"]},
        {},
    ),
    "conferences": (
        {"upcoming_cfp_deadlines": True, "get_conference_details": True},
        "get_conference_details",
        {"acronym": "ismb"},
        {"acronym": "ISMB", "submission_deadline": "2027-01-21", "days_left": 60},
    ),
    "glossary": (
        {"expand_acronyms": True},
        "expand_acronyms",
        {"terms": ["elisa", "SDS"], "field": "lab_safety"},
        {"field": "lab_safety"},
    ),
    "coldchain": (
        {"read_telemetry": True, "append_telemetry": False},
        "append_telemetry",
        {"asset": "frz-01", "temperature_kelvin": 190.15, "door_open_seconds": 90},
        {"entry_id": "TL-2026-0001", "asset_tag": "FRZ-01", "temperature_celsius": -83.0, "deviation_kelvin": -3.0},
    ),
    "seminars": (
        {"list_colloquia": True, "enrol_attendee": False},
        "enrol_attendee",
        {"talk_id": "T-104", "attendee_email": "dana.k@uni-example.org"},
        {"registration_id": "REG-0001", "date": "2026-11-24", "room": "Lecture Hall B", "seats_left": 22},
    ),
    "grants": (
        {"resolve_orcid": True, "query_award_ledger": True},
        "query_award_ledger",
        {"query": "CRISPR", "year_from": 2023, "active_only": True},
        {"year_from": 2023, "year_to": None, "active_only": True},
    ),
    "sequences": (
        {"revcomp": True, "gc_content": True, "translate_orf": True},
        "translate_orf",
        {"seq": "gatgccaaatag", "frame": 2},
        {"frame": 2, "codons": 3, "protein": "MPN", "first_stop": None, "starts_with_met": True},
    ),
    "roombook": (
        {"reserve_slot": False, "list_free_slots": True},
        "reserve_slot",
        {"resource_id": "RM-214", "start": "2026-11-30T14:00", "duration_min": 90, "purpose": "journal club"},
        {"booking_id": "BK-2026-0001", "end": "2026-11-30T15:30", "room": "Meeting room 214", "booked_by": "you"},
    ),
    "safety": (
        {"sds_lookup": True, "ghs_hazard_class": True, "segregation_check": True},
        "segregation_check",
        {"chemical_a": "bleach", "chemical_b": "Ammonia"},
        {"chemical_a": "Sodium hypochlorite solution", "verdict": "never", "compatible": False},
    ),
    "molcalc": (
        {"molarity_from_mass": True, "mass_for_target_molarity": True, "solve_c1v1": True},
        "molarity_from_mass",
        {"mass_g": 0.005, "volume_ml": 0.25, "mw_g_per_mol": 342.3},
        {"molarity_M": 0.0584283, "molarity_mM": 58.4283},
    ),
    "vivarium": (
        {"get_cage_card": True, "find_cages": True, "log_body_weight": False},
        "log_body_weight",
        {"cage_id": "CG-0412", "ear_tag": "1044", "weight_g": 20.1, "measured_on": "2026-11-21"},
        {"entry_id": "BW-2026-0001", "previous_weight_g": 20.9, "change_percent": -3.8, "alert": False},
    ),
    "protocols": (
        {"get_protocol_step": True, "rpm_to_rcf": True, "rcf_to_rpm": True},
        "rpm_to_rcf",
        {"speed_rpm": 13000, "radius_cm": 8.3},
        {"rcf_xg": 15682.0, "radius_cm": 8.3},
    ),
    "library": (
        {"search_catalogue": True, "list_my_loans": True, "renew_loan": False, "place_hold": False},
        "renew_loan",
        {"loan_id": "LN-205611"},
        {"previous_due": "2026-11-25", "new_due": "2026-12-20", "renewals_used": 1, "renewals_left": 2},
    ),
    "datasets": (
        {"describe_dataset": True, "compare_columns": True, "expression_by_group": True},
        "compare_columns",
        {"dataset": "GSE60450", "column_a": "csn2", "column_b": "Wap"},
        {"column_a": "Csn2", "column_b": "Wap", "method": "pearson", "n": 12, "coefficient": 0.9309},
    ),
    "greenhouse": (
        {"get_tray": True, "list_trays": True, "log_watering": False},
        "log_watering",
        {"trayId": "B3-12", "volumeLiters": 1.5, "withFertilizer": True},
        {"entryId": "WT-2026-0001", "volumeMl": 1500.0, "wateredOn": "2026-11-22", "litersPerPlant": 0.25},
    ),
    "sequencing": (
        {"flowcell_status": True, "sequencer_queue": True, "queue_library": False},
        "queue_library",
        {
            "libraryName": "RNAseq-liver-B3",
            "sampleNames": ["L1", "L2", "L3"],
            "readLength": 150,
            "pairedEnd": True,
            "lanes": 2,
        },
        {"runId": "RUN-0431", "instrument": "NovaSeq 6000", "cyclesTotal": 300, "queuePosition": 2},
    ),
    "expenses": (
        {"lodge": False, "expense_claims": True},
        "lodge",
        {"amount": 42.5, "currency": "EUR", "category": "meals", "date": "2026-11-20", "merchant": "Trattoria Da Enzo"},
        {"claimId": "EXP-2026-0390", "status": "submitted", "amountEur": 42.5, "policyFlags": []},
    ),
    "imaging": (
        {"image_metadata": True, "find_images": True},
        "find_images",
        {"channels": ["DAPI", "GFP"], "magnification": "63x", "maxPixelSizeUm": 0.1},
        {"total": 2, "channels": ["DAPI", "GFP"], "magnification": "63x"},
    ),
    "notebook": (
        {"createEntry": False, "searchEntries": True, "appendToEntry": False},
        "createEntry",
        {
            "title": "Gibson assembly of pLV-KRAS",
            "body": "Three fragments, 50 C for 1 h.",
            "tags": ["Cloning", "#kras"],
        },
        {"entryId": "ELN-00113", "created": "2026-11-22", "tags": ["cloning", "kras"], "signed": False},
    ),
    "cluster": (
        {"submit_batch_job": False, "list_batch_jobs": True, "job_status": True, "cancel_job": False},
        "submit_batch_job",
        {"script": "align.sh", "partition": "cpu", "cores": 16, "memory_gb": 64, "walltime_hours": 2.5},
        {"job_id": 4817230, "walltime": "02:30:00", "state": "pending", "estimated_start": "2026-11-22T12:20"},
    ),
    "ontology": (
        {"ontology_term": True, "search_ontology": True, "term_children": True},
        "search_ontology",
        {"label": "apoptosis", "ontology": "GO"},
        {"ontology": "GO", "total": 1, "exact_match": False},
    ),
    "shipping": (
        {"shipment_rates": True, "create_shipment": False, "void_shipment": False},
        "shipment_rates",
        {"weightKg": 4.5, "destinationCountry": "US", "service": "express", "dryIceKg": 3},
        {"destinationCountry": "US", "countryName": "United States", "dryIceKg": 3.0, "insured": False},
    ),
    "trials": (
        {"searchStudies": True, "getStudy": True},
        "searchStudies",
        {"condition": "breast cancer", "status": "RECRUITING", "location": "Germany"},
        {"status": "RECRUITING", "totalCount": 1, "nextOffset": None},
    ),
    "proteins": (
        {"get_protein": True, "search_proteins": True, "protein_sequence": True},
        "get_protein",
        {"accession": "P04637", "fields": ["gene", "length"]},
        {"accession": "P04637", "entry_name": "P53_HUMAN", "gene": "TP53", "length": 393, "function": None},
    ),
    "servicedesk": (
        {"escalate": False, "listTickets": True, "closeTicket": False},
        "escalate",
        {"instrument": "the plate reader", "severity": "high", "description": "lamp error", "instrumentDown": True},
        {"ticketId": "SR-10490", "assetTag": "EQ-0285", "responseDue": "2026-11-23T12:00"},
    ),
    "travel": (
        {"request_travel": False, "list_travel_requests": True, "get_per_diem": True},
        "request_travel",
        {
            "destination_city": "Boston",
            "depart_date": "2026-12-03",
            "return_date": "2026-12-07",
            "budget": 2500,
            "currency": "USD",
        },
        {"request_id": "TR-2026-0141", "budget_eur": 2300.0, "nights": 4, "status": "pending_approval"},
    ),
    "chat": (
        {
            "slack_list_channels": True,
            "slack_post_message": False,
            "slack_reply_to_thread": False,
            "slack_get_channel_history": True,
            "slack_get_users": True,
        },
        "slack_post_message",
        {"channel_id": "C07ABC123", "text": "The autoclave is fixed"},
        {"ok": True, "channel": "C07ABC123", "ts": "1795348800.000100"},
    ),
    "refs": (
        {
            "zotero_search_items": True,
            "zotero_get_item_metadata": True,
            "zotero_add_by_doi": False,
            "zotero_get_collections": True,
        },
        "zotero_search_items",
        {"query": "CRISPR", "itemType": "journalArticle", "limit": 2},
        {"query": "CRISPR", "qmode": "titleCreatorYear", "total_results": 3},
    ),
    "fieldlog": (
        {"log_sample": False, "sites_near": True, "site_summary": True},
        "log_sample",
        {"site_id": "LK-07", "collected_at": "2026-11-22T09:00", "depth_m": 0.5, "water_temp_c": 8.5, "ph": 7.9},
        {"sample_id": "FS-2026-0601", "site_name": "Jetty", "warnings": []},
    ),
    "antibodies": (
        {"find_antibody": True, "request_aliquot": False, "antibody_details": True},
        "request_aliquot",
        {"antibody_id": "AB-0218", "volume_ul": 50, "dilution": "1:1000"},
        {"request_id": "AQ-1181", "stock_left_ul": 200.0, "warnings": []},
    ),
    "nws": (
        {"get_alerts": True, "get_forecast": True},
        "get_forecast",
        {"latitude": 39.7392, "longitude": -104.9903},
        {"latitude": 39.7392, "longitude": -104.9903, "location": "Denver, CO", "office": "BOU"},
    ),
    "fetch": (
        {"fetch": True},
        "fetch",
        {"url": "https://marqueslab.org/join", "max_length": 200},
        {"url": "https://marqueslab.org/join", "length": 200, "next_start_index": 200},
    ),
    "git": (
        {
            "git_status": True,
            "git_diff_unstaged": True,
            "git_diff_staged": True,
            "git_diff": True,
            "git_commit": False,
            "git_add": False,
            "git_reset": False,
            "git_log": True,
            "git_create_branch": False,
            "git_checkout": False,
            "git_show": True,
            "git_branch": True,
        },
        "git_status",
        {"repo_path": "~/code/rnaseq-pipeline"},
        {"repo_path": "/home/ana/code/rnaseq-pipeline", "branch": "dev", "upstream": "origin/dev", "ahead": 1},
    ),
    "github": (
        {
            "create_issue": False,
            "list_issues": True,
            "get_issue": True,
            "add_issue_comment": False,
            "search_repositories": True,
            "get_file_contents": True,
            "list_commits": True,
        },
        "create_issue",
        {
            "owner": "hoffmann-lab",
            "repo": "scrna-pipeline",
            "title": "Document the GPU partition",
            "labels": ["documentation"],
            "assignees": ["pchen"],
        },
        {"number": 54, "state": "open", "html_url": "https://github.com/hoffmann-lab/scrna-pipeline/issues/54"},
    ),
    "maps": (
        {
            "maps_geocode": True,
            "maps_reverse_geocode": True,
            "maps_search_places": True,
            "maps_place_details": True,
            "maps_distance_matrix": True,
            "maps_elevation": True,
            "maps_directions": True,
        },
        "maps_distance_matrix",
        {"origins": ["DKFZ Heidelberg"], "destinations": ["Frankfurt Airport", "Heidelberg Hbf"], "mode": "transit"},
        {
            "mode": "transit",
            "origin_addresses": ["Im Neuenheimer Feld 280, 69120 Heidelberg, Germany"],
            "destination_addresses": [
                "60547 Frankfurt am Main, Germany",
                "Willy-Brandt-Platz 5, 69115 Heidelberg, Germany",
            ],
        },
    ),
    "scholar": (
        {"search_papers": True, "get_paper": True, "get_author": True, "get_paper_citations": True},
        "get_paper",
        {"paper_id": "DOI:10.1038/s41586-021-03819-2"},
        {"title": "Highly accurate protein structure prediction with AlphaFold", "year": 2021, "venue": "Nature"},
    ),
    "sqlite": (
        {
            "read_query": True,
            "write_query": False,
            "create_table": False,
            "list_tables": True,
            "describe_table": True,
            "append_insight": False,
        },
        "read_query",
        {"query": "SELECT sample_id, volume_ul FROM samples WHERE owner = 'Mei Lin';"},
        {
            "row_count": 2,
            "rows": [{"sample_id": "S-007", "volume_ul": 50.0}, {"sample_id": "S-008", "volume_ul": 50.0}],
        },
    ),
    "kgraph": (
        {
            "create_entities": False,
            "create_relations": False,
            "add_observations": False,
            "delete_entities": False,
            "delete_observations": False,
            "delete_relations": False,
            "read_graph": True,
            "search_nodes": True,
            "open_nodes": True,
        },
        "open_nodes",
        {"names": ["dana kowalski", "p53 Project", "Nobody"]},
        {"relations": [{"from": "Dana Kowalski", "to": "p53 Project", "relationType": "works_on"}]},
    ),
    "obsidian": (
        {
            "obsidian_list_files_in_vault": True,
            "obsidian_list_files_in_dir": True,
            "obsidian_get_file_contents": True,
            "obsidian_simple_search": True,
            "obsidian_append_content": False,
            "obsidian_patch_content": False,
            "obsidian_delete_file": False,
        },
        "obsidian_list_files_in_dir",
        {"dirpath": "Projects/"},
        {"files": ["CRISPR screen.md", "Organoid atlas.md", "p53 western blots.md"]},
    ),
    "jira": (
        {
            "jira_search": True,
            "jira_get_issue": True,
            "jira_create_issue": False,
            "jira_add_comment": False,
            "jira_get_transitions": True,
            "jira_transition_issue": False,
            "jira_update_issue": False,
        },
        "jira_search",
        {"jql": "project = PIPE AND status = 'In Progress'", "fields": "summary,status"},
        {"total": 2, "start_at": 0, "max_results": 10},
    ),
    "mail": (
        {"send_email": False, "search_emails": True, "read_email": True},
        "search_emails",
        {"query": "from:lee newer_than:7d", "maxResults": 5},
        {"query": "from:lee newer_than:7d", "resultSizeEstimate": 1},
    ),
    "hfhub": (
        {"model_search": True, "dataset_search": True, "hub_repo_details": True},
        "model_search",
        {"task": "image-segmentation", "library": "cellpose", "sort": "downloads", "limit": 1},
        {"total": 2},
    ),
    "zenodo": (
        {"create_deposition": False, "list_depositions": True, "publish_deposition": False, "get_record": True},
        "get_record",
        {"recid_or_doi": "https://doi.org/10.5281/zenodo.7654321"},
        {"id": 7654321, "state": "done", "doi": "10.5281/zenodo.7654321"},
    ),
    "variants": (
        {"vep_hgvs": True, "variant_by_id": True, "overlap_region": True},
        "vep_hgvs",
        {"hgvs_notation": "BRAF:p.V600E"},
        {
            "species": "homo_sapiens",
            "seq_region_name": "7",
            "start": 140753336,
            "most_severe_consequence": "missense_variant",
        },
    ),
    "notion": (
        {
            "API-post-search": True,
            "API-retrieve-a-page": True,
            "API-get-block-children": True,
            "API-patch-block-children": False,
            "API-post-page": False,
            "API-patch-page": False,
            "API-post-database-query": True,
            "API-retrieve-a-database": True,
            "API-create-a-comment": False,
        },
        "API-post-search",
        {"query": "lab meeting", "filter": {"value": "page", "property": "object"}},
        {"object": "list", "has_more": False, "next_cursor": None},
    ),
    "gdrive": (
        {"gdrive_search": True, "gdrive_read_file": True, "gsheets_read": True, "gsheets_update_cell": False},
        "gsheets_read",
        {"spreadsheetId": "1Inv3nT0ry8kLmN2pQ4rS6tU8vW0xY2zA4", "ranges": ["Reagents!A2:E2"]},
        {"title": "Lab inventory", "sheets": ["Reagents", "Antibodies"]},
    ),
    "airtable": (
        {
            "list_bases": True,
            "list_tables": True,
            "describe_table": True,
            "list_records": True,
            "search_records": True,
            "get_record": True,
            "create_record": False,
            "update_records": False,
            "delete_records": False,
        },
        "list_records",
        {
            "baseId": "appK7sR2mQ9xLb4Tn",
            "tableId": "Samples",
            "filterByFormula": "{Status} = 'frozen'",
            "maxRecords": 2,
        },
        {},
    ),
    "biorxiv": (
        {"search_preprints": True, "get_preprint": True, "get_categories": True},
        "search_preprints",
        {"query": "crypt fission"},
        {"total": 2, "server": "biorxiv"},
    ),
    "trello": (
        {
            "list_boards": True,
            "get_lists": True,
            "get_cards_by_list_id": True,
            "get_card": True,
            "get_my_cards": True,
            "get_recent_activity": True,
            "add_card_to_list": False,
            "update_card_details": False,
            "archive_card": False,
            "move_card": False,
            "add_list_to_board": False,
            "add_comment": False,
        },
        "add_card_to_list",
        {"listId": trello.oid("list", "Lab Experiments/Planned"), "name": "Cohort 5", "dueDate": "2026-12-14"},
        {"name": "Cohort 5", "due": "2026-12-14T00:00:00.000Z", "closed": False},
    ),
    "confluence": (
        {
            "confluence_search": True,
            "confluence_get_page": True,
            "confluence_get_page_children": True,
            "confluence_get_comments": True,
            "confluence_get_labels": True,
            "confluence_add_label": False,
            "confluence_create_page": False,
            "confluence_update_page": False,
            "confluence_add_comment": False,
        },
        "confluence_get_page_children",
        {"parent_id": 1385693185},
        {"parent_id": "1385693185", "count": 2, "limit_requested": 25, "start_requested": 0},
    ),
    "linear": (
        {
            "linear_create_issue": False,
            "linear_update_issue": False,
            "linear_search_issues": True,
            "linear_get_user_issues": True,
            "linear_add_comment": False,
            "linear_get_issue": True,
        },
        "linear_search_issues",
        {"query": "trabeculae"},
        {},
    ),
    "tavily": (
        {"tavily-search": True, "tavily-extract": True},
        "tavily-search",
        {"query": "zebrafish heart regeneration", "max_results": 5},
        {"query": "zebrafish heart regeneration", "answer": None, "images": []},
    ),
}
# tools whose published description is deliberately terse (as on some public servers)
TERSE = frozenset(
    {"get_tray", "job_status", "getStudy", "closeTicket"}
    | {"slack_post_message", "slack_reply_to_thread", "slack_get_channel_history"}
    | {"git_status", "git_diff_staged", "git_commit", "git_add", "git_reset", "git_log", "git_checkout", "git_show"}
    | {"git_branch"}
    | {"add_issue_comment", "search_repositories", "maps_reverse_geocode", "maps_directions"}
    | {"list_tables", "append_insight", "read_graph", "jira_add_comment", "jira_transition_issue"}
    | {"send_email"}
    | {"gdrive_search", "list_bases", "list_tables", "list_records", "get_record", "create_record", "update_records"}
    | {"delete_records"}
    | {"list_boards", "add_list_to_board"}
)
# parameters the real server publishes without a description (the MCP quickstart's weather server documents its
# arguments only in the docstring; the reference git server gives most of its parameters none)
UNDESCRIBED = frozenset(
    {("get_alerts", "state"), ("get_forecast", "latitude"), ("get_forecast", "longitude")}
    | {(t, "repo_path") for t in ("git_status", "git_diff_unstaged", "git_diff_staged", "git_diff", "git_commit")}
    | {(t, "repo_path") for t in ("git_add", "git_reset", "git_log", "git_create_branch", "git_checkout", "git_show")}
    | {(t, "context_lines") for t in ("git_diff_unstaged", "git_diff_staged", "git_diff")}
    | {("git_diff", "target"), ("git_commit", "message"), ("git_add", "files"), ("git_log", "max_count")}
    | {("git_create_branch", "branch_name"), ("git_create_branch", "base_branch"), ("git_checkout", "branch_name")}
    | {("git_show", "revision")}
    # FastMCP servers whose docstring's "Args:" block describes the parameters
    | {("search_papers", p) for p in ("query", "limit", "year", "fields_of_study", "open_access_only")}
    | {("get_paper", "paper_id"), ("get_author", "author_id")}
    | {("get_paper_citations", "paper_id"), ("get_paper_citations", "limit")}
    # the reference memory server describes only the fields of its arrays' items
    | {("create_entities", "entities"), ("create_relations", "relations"), ("add_observations", "observations")}
    | {("delete_observations", "deletions")}
)
TOOL_NAMES = {tool for tools, *_ in SERVERS.values() for tool in tools}
# tool names that are plain English words (the reference Fetch server's `fetch`): agent_core may use the word
# itself (a database fetch, a verb in a vocabulary), so the check below cannot tell it from the tool's name
ENGLISH_WORDS = frozenset({"fetch"})
# tool names the product itself uses: agent_core/risk.py's seed table names send_email (and more of agent_core names
# it, found by the check below when dev15_tools connected the Gmail-shaped `mail` server, whose real tool is called
# send_email; the dev15 writer did not read the planner's code). The planner may know the name, so dev15_tools' send
# items do not measure routing by the published description alone.
PRODUCT_NAMES = frozenset({"send_email"})
# Dev-only servers exercised in process (the same MCP requests through mcp's Client, no subprocess), so the test
# stays fast on a small machine: each stdio start costs about a second of CPU importing mcp. The eval harness starts
# them over stdio like the others (`python -m eval.run --set dev_tools`).
IN_PROCESS = frozenset(
    {"compounds", "wiki", "geocode", "translate", "stocks", "issues", "instruments", "timers", "pubmed", "genes"}
    | {"stockroom", "citations", "structures", "solar", "stats"}
    | {"biobank", "courier", "taxonomy", "conferences"}
    | {"glossary", "coldchain", "seminars", "grants"}
    | {"sequences", "roombook", "safety", "molcalc"}
    | {"vivarium", "protocols", "library", "datasets"}
    | {"greenhouse", "sequencing", "expenses", "imaging"}
    | {"notebook", "cluster", "ontology", "shipping"}
    | {"trials", "proteins", "servicedesk", "travel"}
    | {"chat", "refs", "fieldlog", "antibodies"}
    | {"nws", "fetch", "git"}
    | {"github", "maps", "scholar"}
    | {"sqlite", "kgraph", "obsidian", "jira"}
    | {"mail", "hfhub", "zenodo", "variants"}
    | {"notion", "gdrive", "airtable", "biorxiv"}
    | {"trello", "confluence", "linear", "tavily"}
)


async def _exercise(name: str, out: dict[str, dict[str, Any]]) -> None:
    """Start ``python -m eval.servers.<name>``, list its tools and make the one call (plus a follow-up or error)."""
    _, tool, args, _ = SERVERS[name]
    if name in IN_PROCESS:
        async with Client(importlib.import_module(f"eval.servers.{name}").server) as client:
            out[name] = {
                "tools": {t.name: t for t in (await client.list_tools()).tools},
                "call": await client.call_tool(tool, args),
            }
        return
    params = StdioServerParameters(command=sys.executable, args=["-m", f"eval.servers.{name}"], cwd=str(PROJECT_ROOT))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        seen: dict[str, Any] = {
            "tools": {t.name: t for t in (await session.list_tools()).tools},
            "call": await session.call_tool(tool, args),
        }
        if name == "calendar":
            seen["follow_up"] = await session.call_tool("list_events", {"date": "2026-11-23"})
        if name == "doi":
            seen["error"] = await session.call_tool("lookup_doi", {"doi": "nature12373"})
        if name == "units":
            seen["error"] = await session.call_tool("convert_units", {"value": 1, "from_unit": "km", "to_unit": "kg"})
        out[name] = seen


@pytest.mark.anyio
async def test_every_eval_server_lists_annotated_tools_and_answers_over_mcp() -> None:
    results: dict[str, dict[str, Any]] = {}
    with anyio.fail_after(60):
        async with anyio.create_task_group() as group:
            for name in SERVERS:
                group.start_soon(_exercise, name, results)

    for name, (tools_expected, _, _, expected) in SERVERS.items():
        seen = results[name]
        assert {t: tool.annotations.read_only_hint for t, tool in seen["tools"].items()} == tools_expected, name
        for tool in seen["tools"].values():
            assert tool.description and (len(tool.description) > 40 or tool.name in TERSE), tool.name
            assert tool.output_schema is not None, tool.name  # structured results
            for key, prop in tool.input_schema["properties"].items():
                assert prop.get("description") or (tool.name, key) in UNDESCRIBED, (tool.name, prop)
        call = seen["call"]
        assert not call.is_error, (name, call.content)
        assert expected.items() <= call.structured_content.items(), (name, call.structured_content)

    assert results["calendar"]["tools"]["create_event"].annotations.destructive_hint is False
    [event] = results["calendar"]["follow_up"].structured_content["events"]
    assert event["title"] == "Lab meeting"
    assert set(results["doi"]["call"].structured_content) == {"doi", "title", "journal"}
    papers = results["arxiv"]["call"].structured_content["papers"]
    assert len(papers) == 2 and all({"id", "title", "authors", "year"} <= set(p) for p in papers)
    days = results["weather"]["call"].structured_content["days"]
    assert [d["date"] for d in days] == ["2026-11-22", "2026-11-23"]
    assert 0 <= results["airquality"]["call"].structured_content["aqi"] <= 500
    assert results["wiki"]["call"].structured_content["summary"].count(".") == 2
    found = results["issues"]["call"].structured_content["issues"]
    assert found and {i["state"] for i in found} == {"closed"}
    assert results["issues"]["tools"]["list_repo_issues"].input_schema["properties"]["state"]["enum"] == [
        "open",
        "closed",
        "all",
    ]
    assert [g["symbol"] for g in results["genes"]["call"].structured_content["genes"]] == ["TP53", "BRCA1"]
    assert results["genes"]["tools"]["get_genes"].input_schema["properties"]["symbols"]["type"] == "array"
    assert results["timers"]["tools"]["start_timer"].input_schema["properties"]["unit"]["enum"] == [
        "seconds",
        "minutes",
        "hours",
    ]
    assert results["citations"]["tools"]["format_citation"].input_schema["properties"]["doi"]["pattern"]
    assert results["structures"]["tools"]["fetch_pdb_entry"].input_schema["properties"]["pdb_id"]["pattern"]
    assert results["citations"]["call"].structured_content["citation"].startswith("@article{jinek2012,")
    sample = results["stats"]["tools"]["two_sample_t_test"].input_schema["properties"]["sample_a"]
    assert sample["type"] == "array" and sample["items"]["type"] == "number"
    for name, tool in [
        ("instruments", "book_instrument"),
        ("timers", "start_timer"),
        ("stockroom", "raise_purchase_order"),
        ("biobank", "deposit_specimen"),
        ("courier", "schedule_pickup"),
        ("coldchain", "append_telemetry"),
        ("seminars", "enrol_attendee"),
        ("roombook", "reserve_slot"),
        ("vivarium", "log_body_weight"),
        ("library", "renew_loan"),
        ("library", "place_hold"),
        ("greenhouse", "log_watering"),
        ("sequencing", "queue_library"),
        ("expenses", "lodge"),
        ("notebook", "createEntry"),
        ("notebook", "appendToEntry"),
        ("cluster", "submit_batch_job"),
        ("shipping", "create_shipment"),
        ("servicedesk", "escalate"),
        ("servicedesk", "closeTicket"),
        ("travel", "request_travel"),
        ("chat", "slack_post_message"),
        ("chat", "slack_reply_to_thread"),
        ("refs", "zotero_add_by_doi"),
        ("fieldlog", "log_sample"),
        ("antibodies", "request_aliquot"),
        ("github", "create_issue"),
        ("github", "add_issue_comment"),
    ]:
        assert results[name]["tools"][tool].annotations.destructive_hint is False
    assert results["cluster"]["tools"]["cancel_job"].annotations.destructive_hint is True
    assert results["shipping"]["tools"]["void_shipment"].annotations.destructive_hint is True
    assert results["cluster"]["tools"]["submit_batch_job"].input_schema["required"] == ["script", "partition"]
    assert results["ontology"]["tools"]["ontology_term"].input_schema["properties"]["curie"]["pattern"]
    assert results["shipping"]["tools"]["shipment_rates"].input_schema["properties"]["service"]["enum"] == [
        "economy",
        "express",
        "overnight",
    ]
    assert results["notebook"]["tools"]["searchEntries"].input_schema.get("required", []) == []
    assert [t["taxid"] for t in results["taxonomy"]["call"].structured_content["taxa"]] == [7955, 10090]
    assert results["taxonomy"]["tools"]["resolve_taxon_names"].input_schema["properties"]["names"]["type"] == "array"
    assert results["courier"]["tools"]["track_consignment"].input_schema["properties"]["tracking_number"]["pattern"]
    assert (
        results["conferences"]["tools"]["upcoming_cfp_deadlines"].input_schema["properties"]["discipline"]["default"]
        == "any"
    )
    [elisa, sds] = results["glossary"]["call"].structured_content["entries"]
    assert not elisa["found"] and elisa["other_fields"] == ["molecular_biology"]
    assert [e["expansion"] for e in sds["expansions"]] == ["safety data sheet"]
    assert results["glossary"]["tools"]["expand_acronyms"].input_schema["properties"]["terms"]["type"] == "array"
    assert results["glossary"]["tools"]["expand_acronyms"].input_schema["properties"]["field"]["default"] == "any"
    kelvin = results["coldchain"]["tools"]["append_telemetry"].input_schema["properties"]["temperature_kelvin"]
    assert kelvin["type"] == "number" and "kelvin" in kelvin["description"]
    assert not results["seminars"]["tools"]["list_colloquia"].input_schema.get("required")
    email = results["seminars"]["tools"]["enrol_attendee"].input_schema["properties"]["attendee_email"]
    assert email["format"] == "email"
    assert results["seminars"]["tools"]["enrol_attendee"].input_schema["properties"]["talk_id"]["pattern"]
    assert results["grants"]["tools"]["resolve_orcid"].input_schema["properties"]["orcid"]["pattern"]
    assert [a["award_id"] for a in results["grants"]["call"].structured_content["awards"]] == ["FWF-P36512"]
    assert results["sequences"]["tools"]["translate_orf"].input_schema["properties"]["frame"]["enum"] == [1, 2, 3]
    assert results["sequences"]["tools"]["revcomp"].input_schema["properties"]["seq"]["pattern"]
    slot = results["roombook"]["tools"]["reserve_slot"].input_schema
    assert slot["properties"]["resource_id"]["pattern"] and set(slot["required"]) == {
        "resource_id",
        "start",
        "duration_min",
        "purpose",
    }
    assert results["roombook"]["tools"]["list_free_slots"].input_schema["required"] == ["date"]
    assert results["safety"]["tools"]["sds_lookup"].input_schema["properties"]["cas_number"]["pattern"]
    molar = results["molcalc"]["tools"]["solve_c1v1"].input_schema
    assert set(molar["required"]) == {"stock_mM", "target_mM", "target_volume_ml"}
    weigh = results["vivarium"]["tools"]["log_body_weight"].input_schema
    assert weigh["properties"]["cage_id"]["pattern"] and weigh["properties"]["weight_g"]["type"] == "number"
    assert set(weigh["required"]) == {"cage_id", "ear_tag", "weight_g"}
    assert not results["vivarium"]["tools"]["find_cages"].input_schema.get("required")
    spin = results["protocols"]["tools"]["rcf_to_rpm"].input_schema
    assert set(spin["required"]) == {"rcf_xg", "radius_cm"}
    assert not results["library"]["tools"]["search_catalogue"].input_schema.get("required")
    hold = results["library"]["tools"]["place_hold"].input_schema["properties"]
    assert hold["pickup_location"]["enum"] == ["main", "science", "medical", "law"] and hold["record_id"]["pattern"]
    assert "enum" not in results["library"]["tools"]["search_catalogue"].input_schema["properties"]["material"]
    compare = results["datasets"]["tools"]["compare_columns"].input_schema["properties"]
    assert compare["method"]["enum"] == ["pearson", "spearman", "kendall"] and compare["dataset"]["pattern"]
    genes_list = results["datasets"]["tools"]["expression_by_group"].input_schema["properties"]["genes"]
    assert genes_list["type"] == "array" and genes_list["items"]["type"] == "string"
    assert results["greenhouse"]["tools"]["get_tray"].description == "Gets tray."
    trays = results["greenhouse"]["tools"]["list_trays"].input_schema
    assert not trays.get("required") and {"limit", "offset", "needsWater"} <= set(trays["properties"])
    assert results["greenhouse"]["tools"]["get_tray"].input_schema["properties"]["trayId"]["pattern"]
    litres = results["greenhouse"]["tools"]["log_watering"].input_schema["properties"]["volumeLiters"]
    assert litres["type"] == "number" and "liters" in litres["description"]
    submit = results["sequencing"]["tools"]["queue_library"].input_schema
    assert submit["properties"]["readLength"]["enum"] == [50, 75, 100, 150, 250, 300]
    assert submit["properties"]["pairedEnd"]["type"] == "boolean" and "pairedEnd" in submit["required"]
    assert submit["properties"]["sampleNames"]["type"] == "array"
    assert len(results["sequencing"]["tools"]["queue_library"].description) > 600
    assert results["sequencing"]["tools"]["flowcell_status"].input_schema["properties"]["runId"]["pattern"]
    lodge_schema = results["expenses"]["tools"]["lodge"].input_schema
    assert "enum" not in lodge_schema["properties"]["category"] and lodge_schema["properties"]["currency"]["pattern"]
    assert set(lodge_schema["required"]) == {"amount", "currency", "category", "date", "merchant"}
    claims = results["expenses"]["tools"]["expense_claims"].input_schema
    assert not claims.get("required") and {"startDate", "endDate", "maxResults"} <= set(claims["properties"])
    images = results["imaging"]["tools"]["find_images"].input_schema
    assert not images.get("required") and "micrometers" in images["properties"]["maxPixelSizeUm"]["description"]
    assert results["imaging"]["tools"]["image_metadata"].input_schema["properties"]["imageId"]["pattern"]
    assert results["trials"]["tools"]["getStudy"].description == "Get study by NCT ID."
    studies = results["trials"]["tools"]["searchStudies"].input_schema
    assert not studies.get("required") and {"limit", "offset"} <= set(studies["properties"])
    assert (
        "enum" not in studies["properties"]["phase"]
        and "PHASE2" in results["trials"]["tools"]["searchStudies"].description
    )
    assert results["trials"]["tools"]["getStudy"].input_schema["properties"]["nctId"]["pattern"]
    fields = results["proteins"]["tools"]["get_protein"].input_schema["properties"]["fields"]["anyOf"][0]
    assert fields["type"] == "array" and "subcellular_location" in fields["items"]["enum"]
    taxon = results["proteins"]["tools"]["search_proteins"].input_schema["properties"]["organism_id"]
    assert taxon["anyOf"][0]["type"] == "integer" and "9606" in taxon["description"]
    assert results["proteins"]["tools"]["protein_sequence"].input_schema["required"] == ["accession"]
    report = results["servicedesk"]["tools"]["escalate"].input_schema
    assert report["properties"]["severity"]["enum"] == ["low", "medium", "high", "critical"]
    assert set(report["required"]) == {"instrument", "severity", "description"}
    tickets = results["servicedesk"]["tools"]["listTickets"].input_schema["properties"]
    assert "enum" not in tickets["status"] and {"limit", "offset"} <= set(tickets)
    assert results["servicedesk"]["tools"]["closeTicket"].input_schema["properties"]["ticketId"]["pattern"]
    trip = results["travel"]["tools"]["request_travel"].input_schema
    assert set(trip["required"]) == {"destination_city", "depart_date", "return_date", "budget"}
    assert trip["properties"]["travel_class"]["enum"] == ["economy", "premium_economy", "business", "first"]
    assert results["chat"]["tools"]["slack_get_users"].input_schema.get("properties") == {}
    assert set(results["chat"]["tools"]["slack_reply_to_thread"].input_schema["required"]) == {
        "channel_id",
        "thread_ts",
        "text",
    }
    assert "pattern" not in results["chat"]["tools"]["slack_post_message"].input_schema["properties"]["channel_id"]
    search = results["refs"]["tools"]["zotero_search_items"].input_schema["properties"]
    assert (
        search["qmode"]["enum"] == ["titleCreatorYear", "everything"]
        and "book" in search["itemType"]["anyOf"][0]["enum"]
    )
    assert results["refs"]["tools"]["zotero_get_collections"].input_schema.get("properties") == {}
    sample = results["fieldlog"]["tools"]["log_sample"]
    assert sample.input_schema["properties"]["site_id"]["pattern"] and "LK-07 Jetty" in sample.description
    assert set(sample.input_schema["required"]) == {"site_id", "collected_at", "depth_m", "water_temp_c"}
    finder = results["antibodies"]["tools"]["find_antibody"].input_schema["properties"]
    assert finder["host"]["anyOf"][0]["enum"] == ["rabbit", "mouse", "goat", "rat", "chicken"]
    assert finder["application"]["anyOf"][0]["enum"] == ["WB", "IF", "IHC", "FC", "IP"]
    assert results["antibodies"]["tools"]["request_aliquot"].input_schema["properties"]["antibody_id"]["pattern"]
    alerts = results["nws"]["tools"]["get_alerts"]
    assert "Args:" in alerts.description and "Two-letter US state code" in alerts.description
    assert "description" not in alerts.input_schema["properties"]["state"]
    [period, *_] = results["nws"]["call"].structured_content["periods"]
    assert period["temperature_unit"] == "F" and len(results["nws"]["call"].structured_content["periods"]) == 5
    page = results["fetch"]["tools"]["fetch"]
    assert page.description.startswith("Fetches a URL from the internet")
    assert page.input_schema["required"] == ["url"] and page.input_schema["properties"]["max_length"]["default"] == 5000
    assert "start_index of 200" in results["fetch"]["call"].structured_content["text"]
    gits = results["git"]["tools"]
    assert gits["git_reset"].annotations.destructive_hint is True
    for tool in ("git_commit", "git_add", "git_create_branch", "git_checkout"):
        assert gits[tool].annotations.destructive_hint is False
    assert gits["git_add"].input_schema["properties"]["files"]["type"] == "array"
    assert gits["git_log"].input_schema["properties"]["max_count"]["default"] == 10
    assert set(gits["git_branch"].input_schema["required"]) == {"repo_path", "branch_type"}
    issues_schema = results["github"]["tools"]["list_issues"].input_schema
    assert issues_schema["properties"]["state"] == {
        "default": None,
        "description": "Filter by state ('open', 'closed', 'all')",
        "enum": ["open", "closed", "all"],
        "title": "State",
        "type": "string",
    }
    assert issues_schema["required"] == ["owner", "repo"] and issues_schema["properties"]["perPage"]["maximum"] == 100
    assert results["github"]["tools"]["get_issue"].input_schema["properties"]["issue_number"]["type"] == "number"
    assert results["github"]["call"].structured_content["assignees"] == [{"login": "pchen"}]
    matrix = results["maps"]["tools"]["maps_distance_matrix"].input_schema["properties"]
    assert matrix["origins"]["type"] == "array" and matrix["mode"]["enum"] == [
        "driving",
        "walking",
        "bicycling",
        "transit",
    ]
    centre = results["maps"]["tools"]["maps_search_places"].input_schema["properties"]["location"]
    assert centre["type"] == "object" and set(centre["properties"]) == {"latitude", "longitude"}
    assert [e["status"] for e in results["maps"]["call"].structured_content["results"][0]["elements"]] == ["OK", "OK"]
    papers = results["scholar"]["tools"]["search_papers"].input_schema["properties"]
    assert (
        papers["year"]["anyOf"][0]["type"] == "string"
        and "2019-2023" in results["scholar"]["tools"]["search_papers"].description
    )
    assert results["sqlite"]["tools"]["list_tables"].input_schema.get("properties") == {}
    assert results["sqlite"]["tools"]["write_query"].annotations.destructive_hint is True
    assert results["sqlite"]["tools"]["create_table"].annotations.destructive_hint is False
    kg = results["kgraph"]["tools"]
    entity = kg["create_entities"].input_schema["properties"]["entities"]
    assert entity["type"] == "array" and entity["items"]["required"] == ["name", "entityType", "observations"]
    assert set(kg["create_relations"].input_schema["properties"]["relations"]["items"]["properties"]) == {
        "from",
        "to",
        "relationType",
    }
    for tool in ("delete_entities", "delete_observations", "delete_relations"):
        assert kg[tool].annotations.destructive_hint is True
    assert kg["add_observations"].annotations.destructive_hint is False
    assert [e["name"] for e in results["kgraph"]["call"].structured_content["entities"]] == [
        "Dana Kowalski",
        "p53 Project",
    ]
    vault = results["obsidian"]["tools"]
    patch = vault["obsidian_patch_content"].input_schema
    assert patch["properties"]["operation"]["enum"] == ["append", "prepend", "replace"]
    assert patch["properties"]["target_type"]["enum"] == ["heading", "block", "frontmatter"]
    assert set(patch["required"]) == {"filepath", "operation", "target_type", "target", "content"}
    assert vault["obsidian_simple_search"].input_schema["properties"]["context_length"]["default"] == 100
    assert set(vault["obsidian_delete_file"].input_schema["required"]) == {"filepath", "confirm"}
    assert vault["obsidian_delete_file"].annotations.destructive_hint is True
    assert vault["obsidian_append_content"].annotations.destructive_hint is False
    tickets = results["jira"]["tools"]
    assert tickets["jira_get_issue"].input_schema["properties"]["issue_key"]["pattern"]
    assert tickets["jira_transition_issue"].input_schema["properties"]["transition_id"]["type"] == "string"
    assert tickets["jira_update_issue"].input_schema["properties"]["fields"]["type"] == "object"
    assert set(tickets["jira_create_issue"].input_schema["required"]) == {"project_key", "summary", "issue_type"}
    assert tickets["jira_search"].input_schema["properties"]["limit"]["default"] == 10
    for tool in ("jira_create_issue", "jira_add_comment", "jira_transition_issue"):
        assert tickets[tool].annotations.destructive_hint is False
    assert [i["key"] for i in results["jira"]["call"].structured_content["issues"]] == ["PIPE-51", "PIPE-40"]
    mails = results["mail"]["tools"]
    assert mails["send_email"].annotations.destructive_hint is False
    assert mails["send_email"].input_schema["properties"]["to"]["type"] == "array"
    assert set(mails["send_email"].input_schema["required"]) == {"to", "subject", "body"}
    assert mails["search_emails"].input_schema["properties"]["maxResults"]["default"] == 10
    assert "messageId" in mails["read_email"].input_schema["properties"]
    assert results["mail"]["call"].structured_content["messages"][0]["id"] == "18c2f9a4b7d1e0f3"
    hub = results["hfhub"]["tools"]
    sort = hub["model_search"].input_schema["properties"]["sort"]
    assert sort["enum"] == ["trendingScore", "downloads", "likes", "createdAt"] and sort["default"] == "trendingScore"
    assert not hub["model_search"].input_schema.get("required")
    assert hub["hub_repo_details"].input_schema["required"] == ["repo_ids"]
    assert results["hfhub"]["call"].structured_content["models"][0]["id"] == "MouseLand/cellpose-cyto3"
    deposits = results["zenodo"]["tools"]
    assert deposits["publish_deposition"].annotations.destructive_hint is True
    assert deposits["create_deposition"].annotations.destructive_hint is False
    assert deposits["publish_deposition"].input_schema["properties"]["deposition_id"]["type"] == "integer"
    create = deposits["create_deposition"].input_schema
    assert set(create["required"]) == {"title", "upload_type", "description", "creators"}
    assert create["properties"]["access_right"]["enum"] == ["open", "embargoed", "restricted", "closed"]
    genome = results["variants"]["tools"]
    assert set(genome["overlap_region"].input_schema["required"]) == {"species", "region", "feature"}
    assert genome["overlap_region"].input_schema["properties"]["feature"]["enum"] == [
        "gene",
        "transcript",
        "variation",
        "regulatory",
    ]
    assert genome["variant_by_id"].input_schema["properties"]["species"]["default"] == "human"
    pages = results["notion"]["tools"]
    assert set(pages["API-post-page"].input_schema["required"]) == {"parent", "properties"}
    assert pages["API-patch-page"].annotations.destructive_hint is True
    assert pages["API-patch-block-children"].annotations.destructive_hint is False
    assert pages["API-post-database-query"].input_schema["required"] == ["database_id"]
    assert [r["title"] for r in results["notion"]["call"].structured_content["results"]][:2] == [
        "Lab meetings",
        "Lab meeting 2026-11-19",
    ]
    drive_tools = results["gdrive"]["tools"]
    assert set(drive_tools["gsheets_update_cell"].input_schema["required"]) == {"fileId", "range", "value"}
    assert drive_tools["gdrive_search"].input_schema["properties"]["pageSize"]["default"] == 10
    assert results["gdrive"]["call"].structured_content["valueRanges"] == [
        {"range": "Reagents!A2:E2", "values": [["Matrigel GFR", "356231", "Corning", "Freezer -20 B2", "3"]]}
    ]
    bases = results["airtable"]["tools"]
    assert bases["list_tables"].input_schema["properties"]["detailLevel"]["enum"] == [
        "tableIdentifiersOnly",
        "identifiersOnly",
        "full",
    ]
    assert set(bases["update_records"].input_schema["required"]) == {"baseId", "tableId", "records"}
    assert bases["delete_records"].annotations.destructive_hint is True
    assert bases["create_record"].annotations.destructive_hint is False
    assert [r["id"] for r in results["airtable"]["call"].structured_content["records"]] == [
        "recB2c3D4e5F6g7H8",
        "recD4e5F6g7H8i9J0",
    ]
    preprints = results["biorxiv"]["tools"]
    assert preprints["search_preprints"].input_schema["properties"]["server"]["enum"] == ["biorxiv", "medrxiv"]
    assert not preprints["search_preprints"].input_schema.get("required")
    assert [h["doi"] for h in results["biorxiv"]["call"].structured_content["collection"]] == [
        "10.1101/2026.11.18.589201",
        "10.1101/2025.09.03.558877",
    ]
    boards = results["trello"]["tools"]
    assert boards["archive_card"].annotations.destructive_hint is True
    assert boards["add_card_to_list"].annotations.destructive_hint is False
    assert set(boards["add_card_to_list"].input_schema["required"]) == {"listId", "name"}
    assert boards["get_lists"].input_schema.get("required", []) == []
    assert boards["add_card_to_list"].input_schema["properties"]["labels"]["anyOf"][0]["type"] == "array"
    wiki = results["confluence"]["tools"]
    assert set(wiki["confluence_update_page"].input_schema["required"]) == {"page_id", "title", "content"}
    assert set(wiki["confluence_create_page"].input_schema["required"]) == {"space_key", "title", "content"}
    assert wiki["confluence_search"].input_schema["properties"]["limit"]["default"] == 10
    assert wiki["confluence_add_comment"].annotations.destructive_hint is True
    assert wiki["confluence_search"].description.startswith("Search Confluence content using simple terms or CQL.")
    issues_tools = results["linear"]["tools"]
    assert set(issues_tools["linear_create_issue"].input_schema["required"]) == {"title", "teamId"}
    assert not issues_tools["linear_search_issues"].input_schema.get("required")
    assert issues_tools["linear_update_issue"].annotations.destructive_hint is True
    assert [i["identifier"] for i in results["linear"]["call"].structured_content["issues"]] == ["DATA-41"]
    web = results["tavily"]["tools"]
    depth = web["tavily-search"].input_schema["properties"]["search_depth"]
    assert depth["enum"] == ["basic", "advanced"] and depth["default"] == "basic"
    assert web["tavily-search"].input_schema["properties"]["max_results"]["maximum"] == 20
    assert web["tavily-extract"].input_schema["required"] == ["urls"]
    assert len(results["tavily"]["call"].structured_content["results"]) == 5
    for name, hint in [("doi", "10.1038/nature12373"), ("units", "same kind")]:
        error = results[name]["error"]
        assert error.is_error and hint in error.content[0].text, (name, error.content)


def test_eval_tool_names_never_appear_in_agent_core() -> None:
    files = [p for p in Path(PROJECT_ROOT, "agent_core").rglob("*") if p.suffix in {".py", ".toml", ".json", ".yaml"}]
    sources = "\n".join(p.read_text(encoding="utf-8") for p in files)  # code and the data it routes by
    assert not {name for name in TOOL_NAMES - ENGLISH_WORDS - PRODUCT_NAMES if name in sources}


def test_fake_data_is_deterministic_and_validated() -> None:
    assert doi.lookup("doi:10.1038/NATURE12373") == doi.lookup("https://doi.org/10.1038/nature12373")
    assert units.convert(212, "°F", "celsius").result == 100.0
    assert units.convert(1, "lb", "oz").result == 16.0
    with pytest.raises(ValueError, match="Unknown unit 'parsec'"):
        units.convert(1, "parsec", "m")
    book = calendar.Calendar()
    with pytest.raises(ValueError, match="Use YYYY-MM-DD"):
        book.create("Lab meeting", "2026-02-30", "10:00")
    with pytest.raises(ValueError, match="Use 24-hour HH:MM"):
        book.create("Lab meeting", "2026-11-23", "25:00")
    assert book.on("2026-11-23").events == []


def test_dev_servers_fake_data_is_stable_and_bad_input_says_what_to_send() -> None:
    assert compounds.compound("Acetaminophen").formula == "C8H9NO2"
    assert compounds.compound("zorbitol") == compounds.compound("zorbitol")
    assert geocode.geocode("Gouda").country == "Netherlands"
    assert stocks.quote("$sap.de").model_dump() == {**stocks.quote("SAP.DE").model_dump(), "symbol": "SAP.DE"}
    assert stocks.quote("SAP.DE").currency == "EUR"
    every = issues.issues("github.com/psf/requests", "all").issues
    assert {i.number for i in every} == {
        i.number for s in ("open", "closed") for i in issues.issues("psf/requests", s).issues
    }
    assert translate.translate("Guten Abend", "EN").model_dump() == {
        "translated": "Good evening",
        "source_language": "de",
        "target_language": "en",
    }
    assert pubmed.record("https://pubmed.ncbi.nlm.nih.gov/23287718/") == pubmed.record(23287718)
    assert pubmed.record("31452104", include_abstract=True).abstract
    assert genes.gene("TP53", "mouse").symbol == "Trp53"
    assert genes.gene("zorb1") == genes.gene("ZORB1")
    facility = instruments.Facility()
    assert facility.book("PCR machine", "2026-11-30", "08:00", 2).instrument == "qPCR machine"
    assert [b.booked_by for b in facility.on("2026-11-23", "confocal").bookings] == ["Lee"]
    assert timers.Timers().start(2, "hours").ends_at == "2026-11-22T14:00:00+00:00"
    assert [m.name for m in stockroom.lookup("Tris").matches] == ["Tris base", "Tris-HCl 1 M, pH 8.0"]
    assert stockroom.lookup("unobtainium").matches == []
    assert stockroom.Orders().raise_order("PBS", 2, urgent=True).expected_delivery == "2026-11-23"
    assert citations.format_reference("10.5555/xyz") == citations.format_reference("10.5555/XYZ")
    assert structures.entry("7abc") == structures.entry("7ABC")
    assert [e.pdb_id for e in structures.search("ubiquitin", "nmr").entries] == ["1D3Z"]
    assert solar.ephemeris(78.22, 15.65, "2026-11-22").sunrise is None  # polar night in Svalbard
    assert stats.t_test([5.1, 4.9, 5.6, 5.8], [6.2, 5.8, 6.5, 6.9], paired=True).df == 3
    assert stats.describe([12.1, 11.8, 12.6]).median == 12.1
    assert [m.box_id for m in biobank.search_registry("mouse liver").matches] == ["BX-0101", "BX-0205"]
    assert biobank.search_registry("bx-0120").matches[0].storage_unit == "LN2 dewar 1"
    assert biobank.Biobank().deposit("plasma aliquot", 500).box_id == "BX-0230"
    assert courier.track("rx 482915736 de").status == "in transit"
    assert courier.track("AB123456789CD") == courier.track("ab123456789cd")
    assert taxonomy.resolve(["Fruit fly"], include_lineage=True).taxa[0].lineage.family == "Drosophilidae"
    assert taxonomy.resolve(["unicorn"]).taxa[0].resolved is False
    assert [c.acronym for c in conferences.upcoming("bioinformatics", 90).conferences] == ["RECOMB", "ISMB"]
    assert conferences.conference("NeurIPS 2027").submission_deadline == "2027-05-13"
    assert [e.expansions[0].expansion for e in glossary.expand(["S.D.", "SNPs"]).entries] == [
        "standard deviation",
        "single-nucleotide polymorphism",
    ]
    assert glossary.expand(["ZQX"]).entries[0].found is False
    assert coldchain.find_asset("the -80 in room 214") == "FRZ-01" == coldchain.find_asset("frz 1")
    assert coldchain.ColdChain().window("FRZ-02", 24) == coldchain.ColdChain().window("frz-02")
    assert coldchain.ColdChain().window("FRZ-02").excursions == 1
    assert len(coldchain.ColdChain().window("LN2-01", 720).readings) <= 31
    assert [t.talk_id for t in seminars.Programmes().find(speaker="Prof. Okafor").talks] == ["T-104", "T-113"]
    assert [t.talk_id for t in seminars.Programmes().find(topic="statistics", after_date="2026-12-01").talks] == [
        "T-116"
    ]
    assert seminars.Programmes().find().talks[0].talk_id == "T-104"  # past talks left out
    assert grants.profile("0000-0003-2468-135x").name == "Rahul Menon"
    assert grants.profile("0000-0002-4242-4245") == grants.profile("0000-0002-4242-4245")
    assert [a.award_id for a in grants.search("organoids", 2020, 2022).awards] == ["NWO-VIDI-203045"]
    assert sequences.reverse_complement("ATGCGTACGTTAG").reverse_complement == "CTAACGTACGCAT"
    assert sequences.reverse_complement("augc").reverse_complement == "GCAU"
    assert sequences.gc("ATGCGCGCATATGCGC").gc_percent == 62.5
    assert [w.gc_percent for w in sequences.gc("GGGAAAA", window=5).windows] == [60.0, 40.0, 20.0]
    assert sequences.translate("ATGGCCATTGTAATGGGCCGCTGA").protein == "MAIVMGR*"
    free = roombook.Rooms().free("2026-11-23", 60, "rm-214").rooms[0].free
    assert [(w.start, w.end) for w in free] == [("08:00", "10:00"), ("11:00", "20:00")]
    assert len(roombook.Rooms().free("2026-11-27").rooms) == 6
    assert safety.sheet("67-64-1").product_name == "Acetone"
    assert safety.classify("DCM").cas_number == "75-09-2"
    assert safety.segregate("ethanol", "IPA").compatible
    assert safety.segregate("sodium azide", "HCl").verdict == "never"
    assert safety.segregate("NaOH", "hydrochloric acid").verdict == "segregate"
    assert molcalc.mass_needed(150, 500, 58.44).mass_g == 4.383
    assert molcalc.dilute(10, 1, 50).model_dump() == {
        "stock_mM": 10.0,
        "target_mM": 1.0,
        "target_volume_ml": 50.0,
        "stock_volume_ml": 5.0,
        "stock_volume_ul": 5000.0,
        "diluent_volume_ml": 45.0,
        "dilution_factor": 10.0,
    }
    assert vivarium.card("cg-0127").animals[2].last_weight_g == 19.1
    assert [c.cage_id for c in vivarium.find("black 6", "Alb-Cre").cages] == ["CG-0415"]
    assert [c.cage_id for c in vivarium.find(sex="mixed").cages] == ["CG-1020", "CG-1021"]
    assert "CG-0940" in [c.cage_id for c in vivarium.find("BALB/c", include_retired=True).cages]
    assert vivarium.WeightLog().record("CG-0412", "1043", 17.9).alert  # 16% below 21.4 g
    assert protocols.step_of("the western blot protocol", 5).temperature_c == 4
    assert protocols.step_of("SOP-3", 1).centrifuge_xg == 6800
    assert protocols.find_sop("cell passaging SOP") == "SOP-047"
    assert protocols.to_rpm(4000, 16).speed_rpm == 4729
    assert [r.record_id for r in library.search(title="molecular biology cell").records] == ["b1000245", "b1000389"]
    assert [r.record_id for r in library.search(author="Hovland", material="thesis").records] == ["b1001290"]
    assert library.search(title="statistical", year_from=2015).records[0].record_id == "b1001415"
    assert [loan.loan_id for loan in library.Account().listing(overdue_only=True).loans] == ["LN-204733"]
    assert library.Account().hold("B1000912", "medical").queue_position == 0
    assert datasets.describe("GSE48213").samples == 56
    assert datasets.correlate("GSE2034", "esr1", "PGR", "spearman").coefficient == 0.526
    assert datasets.correlate("GSE2034", "ESR1", "PGR") == datasets.correlate("GSE2034", "ESR1", "PGR")
    assert datasets.correlate("GSE5281", "braak stage", "GFAP").column_a == "braak_stage"
    assert datasets.correlate("GSE48213", "doubling time", "MKI67").column_a == "doubling_time_h"
    assert datasets.expression("GSE60450", ["Krt5", "Foxa1"]).genes[1].in_sample_table is False
    assert greenhouse.tray("c2-08").lightHours == 12
    assert [t.trayId for t in greenhouse.listing("tomatoes").trays] == ["B3-12", "B3-13"]
    assert [t.trayId for t in greenhouse.listing(chamber="chamber 1").trays] == ["A1-03", "A1-04", "D1-02", "D1-06"]
    page = greenhouse.listing(needs_water=True, limit=3, offset=3)
    assert (page.total, [t.trayId for t in page.trays], page.nextOffset) == (7, ["C1-05", "D1-02", "D1-06"], 6)
    assert sequencing.Core().status("run-0422").cyclesTotal == 200
    assert [r.runId for r in sequencing.Core().queue("miseq", include_finished=True).runs] == ["RUN-0426", "RUN-0428"]
    assert sequencing.Core().submit("amp-1", ["a"], 300, True).instrument == "MiSeq"
    assert [c.claimId for c in expenses.Ledger().listing("submitted").claims] == [
        "EXP-2026-0389",
        "EXP-2026-0380",
        "EXP-2026-0377",
    ]
    assert expenses.Ledger().listing(start_date="2026-11-01").totalEur == 1274.82
    assert expenses.Ledger().file(80, "EUR", "food", "2026-11-21", "Brasserie").policyFlags
    assert imaging.metadata("img-004541").pixelSizeNm == 32.0
    assert [i.imageId for i in imaging.search(["hoechst", "GFP"]).images] == ["IMG-004558", "IMG-004512"]
    assert [i.imageId for i in imaging.search(magnification="40", max_pixel_size_um=0.12).images] == ["IMG-004518"]
    assert [e.entryId for e in notebook.Notebook().search("western", date_from="2026-11-01").entries] == ["ELN-00109"]
    assert notebook.Notebook().search(tags=["neurons"]).total == 2
    assert notebook.Notebook().search(limit=3).entries[0].entryId == "ELN-00112"
    assert notebook.Notebook().append("eln-00107", "g2 ordered").addenda == ["2026-11-22: g2 ordered"]
    assert [j.job_id for j in cluster.Scheduler().listing(state="running").jobs] == [4817211, 4817203]
    hub = github.Hub()
    assert [i.number for i in hub.listing("Hoffmann-Lab", "scrna-pipeline", labels=["bug"]).issues] == [52, 45]
    assert [i.number for i in hub.listing("hoffmann-lab", "scrna-pipeline", "all", per_page=5, page=2).issues] == [
        46,
        45,
        43,
        41,
        38,
    ]
    assert [i.number for i in hub.listing("hoffmann-lab", "scrna-pipeline", since="2026-11-15").issues] == [52, 51, 47]
    assert hub.get("hoffmann-lab", "organoid-seg", 27.0).assignees[0].login == "mrossi"
    assert [r.full_name for r in github.search(hub, "segmentation language:python").items] == [
        "MouseLand/cellpose",
        "hoffmann-lab/organoid-seg",
        "sfischer-embl/organoid-seg",
    ]
    assert "cellbender: true" in (
        github.contents("hoffmann-lab", "scrna-pipeline", "config/config.yaml", "dev").content or ""
    )
    assert "GRCm38" in (
        github.contents("hoffmann-lab", "scrna-pipeline", "/config/config.yaml", "refs/tags/v1.1.0").content or ""
    )
    assert github.contents("hoffmann-lab", "scrna-pipeline", "").type == "dir"
    assert github.commits("hoffmann-lab", "scrna-pipeline", "v1.2.0", per_page=1).commits[0].commit.message == (
        "Release v1.2.0"
    )
    assert len(github.commits("hoffmann-lab", "scrna-pipeline").commits) == 30
    assert maps.geocode("DKFZ, Heidelberg").formatted_address == "Im Neuenheimer Feld 280, 69120 Heidelberg, Germany"
    assert maps.geocode("Hauptstraße 120, Heidelberg") == maps.geocode("Hauptstraße 120, Heidelberg")
    assert [
        p.name for p in maps.search_places("pharmacy", {"latitude": 49.4163, "longitude": 8.6696}, 1000).places
    ] == ["Apotheke am Neuenheimer Feld"]
    assert [p.name for p in maps.search_places("hotels near the Broad Institute").places] == [
        "Kendall Hotel",
        "Hotel Marlowe",
    ]
    assert maps.distance_matrix(["Heidelberg"], ["Boston"]).results[0].elements[0].status == "ZERO_RESULTS"
    assert maps.elevation([{"latitude": 49.3986, "longitude": 8.7254}]).results[0].elevation == 567.0
    assert maps.directions("Denver International Airport", "CU Anschutz", "driving").routes[0].distance.value > 20000
    assert [p.year for p in scholar.search("organoids", year="2020-").data] == [2022, 2023, 2026]
    assert scholar.find_paper("arXiv:1706.03762v5") == scholar.find_paper("URL:https://arxiv.org/abs/1706.03762")
    assert scholar.citations("PMID:34265844").total == 3
    first = scholar.paper(scholar.find_paper("DOI:10.1038/s41586-021-03819-2")).authors[0]
    assert scholar.author(first.authorId).hIndex == 41
    assert cluster.Scheduler().listing(all_users=True, partition="gpu").total == 2
    assert cluster.Scheduler().status(4817195).exit_code == 137
    assert cluster.Scheduler().cancel(4817207).previous_state == "pending"
    assert ontology.term("go:0006915").label == "apoptotic process"
    assert [c.curie for c in ontology.descendants("CL:0000084").children] == ["CL:0000624", "CL:0000625"]
    assert len(ontology.descendants("HP:0000118", depth=3).children) == 5
    assert [h.curie for h in ontology.search("T cell", "CL", exact_match=True).results] == ["CL:0000084"]
    assert shipping.quote(2, "fr", "overnight").requested.priceEur == 97.4
    assert shipping.Desk().create(6, "CH", "express", "Dr. Weber, ETH", "cell pellets", 4).shipmentId == "SHP-260420"
    assert shipping.Desk().void("shp-260415").refundEur > 0
    assert [s.nctId for s in trials.search(condition="Parkinson's", status="terminated").studies] == ["NCT03801304"]
    assert [s.nctId for s in trials.search(status="COMPLETED", location="US").studies] == [
        "NCT05402287",
        "NCT04280705",
        "NCT03998810",
    ]
    assert trials.search(phase="phase2", limit=4, offset=4).model_dump()["nextOffset"] is None
    assert trials.study("nct04512345").maximumAge == "85 Years"
    assert [h.accession for h in proteins.search("p53", organism_id=10090).results] == ["P02340"]
    assert proteins.search("tau", 9606, reviewed_only=False).total == 1
    assert proteins.search("TP53", 9606, reviewed_only=False).results[-1].accession == "A0A024R1R8"
    assert proteins.entry("sp|P04637|P53_HUMAN", ["mass"]).mass == 43653
    assert proteins.region("P0DTC2", 319, 541).sequence == proteins.region("P0DTC2").sequence[318:541]
    assert proteins.entry("Q8N158") == proteins.entry("q8n158")
    assert [t.ticketId for t in servicedesk.Desk().listing().tickets][:2] == ["SR-10489", "SR-10488"]
    assert servicedesk.Desk().listing("waiting_parts").totalCount == 2
    assert servicedesk.Desk().listing("all", "the autoclave").tickets[0].ticketId == "SR-10471"
    assert servicedesk.Desk().close("sr-10480", "firmware update").status == "closed"
    assert servicedesk.Desk().report("the -80 in B-214", "critical", "alarm").responseDue == "2026-11-22T16:00"
    assert [r.request_id for r in travel.Office().listing("approved").requests] == ["TR-2026-0133"]
    assert travel.per_diem("zürich", 7).total_eur == 2320.0
    assert travel.Office().request("NYC", "2026-12-01", "2026-12-04", 900, "usd").warnings
    assert [c.id for c in chat.channels(2).channels] == ["C07ABC123", "C07SEQ4R2"]
    assert chat.channels(5, chat.channels(5).response_metadata.next_cursor).channels[0].name == "tissue-culture"
    assert chat.Workspace().history("c07seq4r2", 1).messages[0].ts == "1795330800.000600"
    assert chat.Workspace().reply("C07SEQ4R2", "1795246200.000400", "half a lane").message.thread_ts == (
        "1795246200.000400"
    )
    assert [i.key for i in refs.Library().search("Laemmli 1970").items] == ["9FRX2CLD"]
    assert [i.key for i in refs.Library().search("shrinkage", "everything").items] == ["K8DQ3VHS"]
    assert refs.Library().search("shrinkage").items == []
    added = refs.Library().add("https://doi.org/10.1038/nbt.3519", "7XK2M9QA")
    assert added.key == refs.new_key("10.1038/nbt.3519") and added.collections == ["7XK2M9QA"] and not added.duplicate
    assert refs.Library().add("10.1126/science.1225829").model_dump()["key"] == "ABCD2345"
    assert [s.site_id for s in fieldlog.near(52.37, 4.89, 2).sites] == ["CN-01", "PD-01", "CN-03"]
    assert fieldlog.site_key("lk7") == "LK-07"
    assert fieldlog.FieldLog().summary("LK-07", "2026-11-01").samples == 3
    assert [a.antibody_id for a in antibodies.Inventory().find("anti-GFAP").antibodies] == ["AB-0234", "AB-0233"]
    assert [a.antibody_id for a in antibodies.Inventory().find("β-actin", "mouse", "WB").antibodies] == ["AB-0204"]
    assert antibodies.Inventory().request("AB-0212", 30, "1 : 5000").warnings  # outside the validated range
    for call, hint in [
        (lambda: chat.Workspace().post("#lab-general", "hi"), "send 'C07ABC123'"),
        (lambda: chat.Workspace().post("C06RTR7QZ", "hi"), "archived"),
        (lambda: chat.Workspace().reply("C07FRZ2AX", "p1795312345000100", "on it"), "'1795312345.000100'"),
        (lambda: chat.Workspace().reply("C07ABC123", "1795246200.000400", "x"), "send channel_id 'C07SEQ4R2'"),
        (lambda: chat.channels(5, "bogus"), "invalid_cursor"),
        (lambda: refs.Library().metadata("ABCD234"), "8 characters"),
        (lambda: refs.Library().add("10.1038/nbt.3519", "Thesis"), "send '7XK2M9QA'"),
        (lambda: github.repo_key("hoffmann-lab", "hoffmann-lab/scrna-pipeline"), "repo 'scrna-pipeline'"),
        (lambda: github.repo_key("hoffmann-lab", "scrna"), "hoffmann-lab/scrna-pipeline"),
        (lambda: github.Hub().get("hoffmann-lab", "scrna-pipeline", 99), "Issues: #52"),
        (lambda: github.Hub().create("hoffmann-lab", "scrna-pipeline", "x", assignees=["Jonas"]), "jbrandt"),
        (lambda: github.Hub().listing("hoffmann-lab", "scrna-pipeline", since="last week"), "ISO 8601"),
        (lambda: github.contents("hoffmann-lab", "scrna-pipeline", "readme.md"), "'README.md'"),
        (lambda: github.contents("hoffmann-lab", "scrna-pipeline", "README.md", "v9"), "v1.2.0"),
        (lambda: maps.geocode("Atlantis street 5"), "ZERO_RESULTS"),
        (lambda: maps.place_details("Café Botanik"), "maps_search_places"),
        (lambda: maps.distance_matrix(["Heidelberg|Mannheim"], ["Frankfurt"]), "own list item"),
        (lambda: maps.directions("Heidelberg", "Mannheim", "flying"), "driving, walking, bicycling, transit"),
        (lambda: maps.search_places("cafe", radius=80000), "5 km is 5000"),
        (lambda: maps.elevation([{"lat": 1, "lng": 2}]), "{latitude, longitude}"),
        (lambda: scholar.find_paper("10.1038/s41586-021-03819-2"), "'DOI:10.1038/s41586-021-03819-2'"),
        (lambda: scholar.find_paper("1706.03762"), "'ARXIV:1706.03762'"),
        (lambda: scholar.find_paper("AlphaFold"), "use search_papers"),
        (lambda: scholar.author("Katrin Hoffmann"), "author ID (digits"),
        (lambda: scholar.search("x", year="last 5 years"), "'2019-2023'"),
        (lambda: scholar.search("cells", fields_of_study=["Neuroscience"]), "Fields: Computer Science"),
        (lambda: refs.Library().search("p53", item_type="Thesis"), "must be one of"),
        (lambda: fieldlog.site_key("the jetty site"), "send 'LK-07'"),
        (lambda: fieldlog.FieldLog().log("LK-07", "2026-11-22T09:00", 50, 8.5), "50 cm is 0.5"),
        (lambda: fieldlog.FieldLog().log("LK-07", "2026-11-22T09:00", 0.5, 47.3), "47.3 °F is 8.5 °C"),
        (lambda: fieldlog.FieldLog().log("LK-07", "today 9am", 0.5, 8.5), "YYYY-MM-DDTHH:MM"),
        (lambda: fieldlog.FieldLog().log("LK-07", "2026-11-23T09:00", 0.5, 8.5), "in the future"),
        (lambda: fieldlog.near(52.37, 4.89, 0), "3 miles is 4.83"),
        (lambda: antibodies.Inventory().details("231"), "send 'AB-0231'"),
        (lambda: antibodies.Inventory().request("AB-0231", 200), "0.05 ml is 50"),
        (lambda: antibodies.Inventory().request("AB-0231", 20, "one to five hundred"), "'1:500'"),
        (lambda: antibodies.Inventory().request("AB-0260", 10), "Only 0"),
        (lambda: antibodies.Inventory().find("GFAP", application="western"), "western is WB"),
        (lambda: trials.study("04512345"), "'NCT04512345'"),
        (lambda: trials.study("NCT09999999"), "Use searchStudies"),
        (lambda: trials.search(phase="phase 2"), "'phase 2' is PHASE2"),
        (lambda: trials.search(status="enrolling"), "RECRUITING"),
        (lambda: proteins.entry("P53_HUMAN"), "send its accession 'P04637'"),
        (lambda: proteins.entry("TP53"), "use search_proteins"),
        (lambda: proteins.entry("P04637", ["weight"]), "Fields: protein_name"),
        (lambda: proteins.search("p53", "human"), "human is 9606"),
        (lambda: proteins.region("P01308", 100, 200), "residues 1-110"),
        (lambda: servicedesk.asset_of("centrifuge"), "could be the Optima"),
        (lambda: servicedesk.Desk().report("the plate reader", "urgent", "x"), "low, medium, high, critical"),
        (lambda: servicedesk.Desk().report("the plate reader", "low", " "), "description must not be empty"),
        (lambda: servicedesk.Desk().close("10482"), "'SR-10482'"),
        (lambda: servicedesk.Desk().close("SR-10471"), "already closed"),
        (lambda: servicedesk.Desk().listing("pending"), "waiting_parts"),
        (lambda: travel.Office().request("Boston", "3 Dec", "2026-12-07", 2500), "Use YYYY-MM-DD"),
        (lambda: travel.Office().request("Boston", "2026-11-20", "2026-11-25", 2500), "in the past"),
        (lambda: travel.Office().request("Boston", "2026-12-07", "2026-12-03", 2500), "before depart_date"),
        (lambda: travel.Office().request("Boston", "2026-12-03", "2026-12-07", 2500, "$"), "send 'USD'"),
        (lambda: travel.Office().request("Boston", "2026-12-03", "2026-12-07", 2500, travel_class="coach"), "economy"),
        (lambda: travel.per_diem("Atlantis"), "Cities: Boston"),
        (lambda: notebook.Notebook().append("107", "x"), "'ELN-00107'"),
        (lambda: notebook.Notebook().append("ELN-00101", "x"), "locked"),
        (lambda: notebook.Notebook().append("ELN-00999", "x"), "No entry"),
        (lambda: notebook.Notebook().create("t", "b", ["pcr, gel"]), "own list item"),
        (lambda: notebook.Notebook().create("t", " "), "body must not be empty"),
        (lambda: notebook.Notebook().search(date_from="last week"), "Use YYYY-MM-DD"),
        (lambda: notebook.Notebook().search(date_from="2026-11-20", date_to="2026-11-01"), "swap them"),
        (lambda: cluster.Scheduler().submit("a.sh", "bigmem"), "Use one of"),
        (lambda: cluster.Scheduler().submit("a.sh", "cpu", memory_gb=16000), "16000 MB is 16"),
        (lambda: cluster.Scheduler().submit("a.sh", "cpu", walltime_hours=90), "90 minutes is 1.5"),
        (lambda: cluster.Scheduler().submit("a.sh", "debug", walltime_hours=2), "0.5 h limit"),
        (lambda: cluster.Scheduler().status("job 12"), "No job 12"),
        (lambda: cluster.Scheduler().cancel(4817199), "only cancel your own"),
        (lambda: cluster.Scheduler().cancel(4817190), "already completed"),
        (lambda: ontology.term("0006915"), "'GO:0006915'"),
        (lambda: ontology.term("apoptosis"), "use search_ontology"),
        (lambda: ontology.term("MONDO:0005148"), "Unknown ontology prefix"),
        (lambda: ontology.descendants("GO:0008150", 9), "1 to 5"),
        (lambda: ontology.search("cell", "PATO"), "Use one of"),
        (lambda: shipping.quote(800, "FR", "express"), "800 g is 0.8"),
        (lambda: shipping.quote(2, "UK", "express"), "'GB'"),
        (lambda: shipping.quote(2, "Germany", "express"), "send 'DE'"),
        (lambda: shipping.quote(2, "BR", "express"), "No service to BR"),
        (lambda: shipping.quote(2, "US", "overnight"), "No overnight service"),
        (lambda: shipping.Desk().create(5, "US", "economy", "x", "y", 3), "dry ice lasts"),
        (lambda: shipping.Desk().void("SHP-260409"), "in transit"),
        (lambda: shipping.Desk().void("260411"), "'SHP-260411'"),
        (lambda: sequences.reverse_complement("ATG GCC"), "'ATGGCC'"),
        (lambda: sequences.reverse_complement("ATGU"), "not both"),
        (lambda: sequences.gc("ATGC", window=10), "5 to 4 bases"),
        (lambda: sequences.translate("ATGGCC", 4), "1, 2 or 3"),
        (lambda: roombook.Rooms().reserve("214", "2026-11-23T14:00", 60, "x"), "'RM-214'"),
        (lambda: roombook.Rooms().reserve("RM-214", "tomorrow 2pm", 60, "x"), "YYYY-MM-DDTHH:MM"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-23T10:30", 60, "x"), "already booked 10:00-11:00"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-28T10:00", 60, "x"), "Monday to Friday"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-20T10:00", 60, "x"), "in the past"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-23T19:30", 60, "x"), "08:00-20:00"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-23T14:10", 60, "x"), "quarter hour"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-23T14:00", 1.5, "x"), "whole number"),
        (lambda: roombook.Rooms().reserve("RM-214", "2026-11-23T14:00", 60, " "), "purpose"),
        (lambda: roombook.Rooms().reserve("RM-999", "2026-11-23T14:00", 60, "x"), "No bookable room"),
        (lambda: roombook.Rooms().free("23/11/2026"), "Use YYYY-MM-DD"),
        (lambda: safety.sheet("64-17-6"), "should end in 5"),
        (lambda: safety.sheet("7664 93 9"), "'7664-93-9'"),
        (lambda: safety.sheet("7732-18-5"), "No SDS on file"),
        (lambda: safety.classify("unobtainium"), "Known chemicals"),
        (lambda: safety.segregate("bleach", "sodium hypochlorite"), "two different"),
        (lambda: molcalc.molarity(5, 0.25, 342.3 / 1e6), "g/mol"),
        (lambda: vivarium.card("cage 412"), "'CG-0412'"),
        (lambda: vivarium.card("CG-9999"), "find_cages"),
        (lambda: vivarium.find("SCID"), "Strains: C57BL/6J"),
        (lambda: vivarium.find(sex="females only"), "'female', 'male' or 'mixed'"),
        (lambda: vivarium.WeightLog().record("CG-0412", "1101", 21.0), "Tags in CG-0412: 1043"),
        (lambda: vivarium.WeightLog().record("CG-0412", "1043", 0.0214), "0.0234 kg is 23.4"),
        (lambda: vivarium.WeightLog().record("CG-0300", "501", 0.34), "30-1000 g"),
        (lambda: vivarium.WeightLog().record("CG-0412", "1043", 21, "2026-11-23"), "in the future"),
        (lambda: vivarium.WeightLog().record("CG-0412", "1043", 21, "21/11/2026"), "Use YYYY-MM-DD"),
        (lambda: protocols.step_of("miniprep", 12), "send a step from 1 to 9"),
        (lambda: protocols.step_of("PCR", 1), "Protocols: SOP-003"),
        (lambda: protocols.to_rcf(13000, 83), "95 mm is 9.5"),
        (lambda: protocols.to_rpm(0.5, 8), "16,000 x g is 16000"),
        (lambda: library.search(), "title words, an author"),
        (lambda: library.search("biology", material="audiobook"), "Use one of"),
        (lambda: library.search("biology", year_from=2020, year_to=2010), "swap them"),
        (lambda: library.Account().renew("204518"), "'LN-204518'"),
        (lambda: library.Account().renew("LN-205102"), "renewed 3 times"),
        (lambda: library.Account().renew("LN-205340"), "another reader has a hold"),
        (lambda: library.Account().hold("1000245"), "'b1000245'"),
        (lambda: library.Account().hold("b1000245", "annex"), "pickup_location must be one of"),
        (lambda: library.Account().hold("b1001004"), "holds are for print loans"),
        (lambda: datasets.describe("GSE 2034"), "'GSE2034'"),
        (lambda: datasets.describe("GSE99999"), "not mirrored"),
        (lambda: datasets.correlate("GSE2034", "ESR1", "esr1"), "two different columns"),
        (lambda: datasets.correlate("GSE2034", "ESR1", "TP53"), "Columns: age_years"),
        (lambda: datasets.correlate("GSE2034", "ESR1", "PGR", "cosine"), "'kendall'"),
        (lambda: datasets.expression("GSE2034", ["ESR1, PGR"]), "own list item"),
        (lambda: greenhouse.tray("B312"), "'B3-12'"),
        (lambda: greenhouse.tray("D4-12"), "Trays: A1-03"),
        (lambda: greenhouse.listing("cactus"), "Species grown"),
        (lambda: greenhouse.listing(chamber="GC-9"), "Chambers: GC-1"),
        (lambda: greenhouse.WateringLog().water("B3-12", 500), "500 mL is 0.5"),
        (lambda: greenhouse.WateringLog().water("B3-12", 1, watered_on="2026-11-23"), "in the future"),
        (lambda: sequencing.Core().status("run 418"), "'RUN-0418'"),
        (lambda: sequencing.Core().status("RUN-0001"), "Runs: RUN-0418"),
        (lambda: sequencing.Core().submit("lib", ["S1, S2"], 150, True), "own list item"),
        (lambda: sequencing.Core().submit("lib", ["S1"], 151, True), "'2x150' is readLength 150"),
        (lambda: sequencing.Core().submit("lib", ["S1"], 300, True, 2), "send lanes 1"),
        (lambda: sequencing.Core().queue("HiSeq"), "Sequencers: NovaSeq 6000"),
        (lambda: expenses.Ledger().file(12, "€", "meals", "2026-11-20", "Cafe"), "send 'EUR'"),
        (lambda: expenses.Ledger().file(12, "EUR", "snacks", "2026-11-20", "Cafe"), "Use one of"),
        (lambda: expenses.Ledger().file(12, "EUR", "meals", "2026-11-23", "Cafe"), "in the future"),
        (lambda: expenses.Ledger().file(12, "EUR", "meals", "2026-06-01", "Cafe"), "older than 90 days"),
        (lambda: expenses.Ledger().listing(start_date="2026-11-20", end_date="2026-11-01"), "swap them"),
        (lambda: imaging.metadata("image 4512"), "'IMG-004512'"),
        (lambda: imaging.search(["DAPI, GFP"]), "own list item"),
        (lambda: imaging.search(max_pixel_size_um=100), "100 nm is 0.1"),
        (lambda: imaging.search(magnification="50x"), "must be one of"),
        (lambda: molcalc.molarity(0.005, 250000, 342.3), "250 µL is 0.25"),
        (lambda: molcalc.dilute(1, 10, 50), "must be below stock_mM"),
        (lambda: molcalc.mass_needed(-1, 10, 58.44), "2 M is 2000"),
        (lambda: glossary.expand(["PCR and ELISA"]), "own list item"),
        (lambda: glossary.expand(["PCR"], "biology"), "Use one of"),
        (lambda: coldchain.ColdChain().append("FRZ-01", -80), "send 193.15"),
        (lambda: coldchain.ColdChain().append("FRZ-01", 193.15, 5000), "2 minutes is 120"),
        (lambda: coldchain.ColdChain().append("incubator", 310.15), "Send the asset tag"),
        (lambda: coldchain.ColdChain().window("FRZ-09"), "Units: FRZ-01"),
        (lambda: seminars.Programmes().enrol("104", "dana.k@uni-example.org"), "e.g. 'T-104'"),
        (lambda: seminars.Programmes().enrol("T-104", "dana"), "Send the attendee's address"),
        (lambda: seminars.Programmes().enrol("T-101", "dana.k@uni-example.org"), "took place"),
        (lambda: seminars.Programmes().find(after_date="next Tuesday"), "Use YYYY-MM-DD"),
        (lambda: grants.profile("https://orcid.org/0000-0002-1825-0097"), "bare ORCID iD '0000-0002-1825-0097'"),
        (lambda: grants.profile("0000-0002-1825-0098"), "check digit"),
        (lambda: grants.search("CRISPR", 2025, 2020), "swap them"),
        (lambda: grants.search("CRISPR", 25), "four-digit year"),
        (lambda: biobank.Biobank().deposit("liver", 1.5, "minus70"), "Use one of"),
        (lambda: biobank.Biobank().deposit("liver", 0), "for 1.5 mL send 1500"),
        (lambda: biobank.Biobank().deposit("liver", 100, box_id="box 7"), "'BX-0101'"),
        (lambda: courier.track("1Z999AA10123456784"), "e.g. 'RX482915736DE'"),
        (lambda: courier.Dispatch().book("Lab 3", "2026-11-20", "10:00"), "in the past"),
        (lambda: courier.Dispatch().book("Lab 3", "2026-11-23", "2pm"), "24-hour HH:MM"),
        (lambda: courier.Dispatch().book("Lab 3", "2026-11-23", "18:30"), "between 07:00 and 17:00"),
        (lambda: taxonomy.resolve(["mouse, rat"]), "own list item"),
        (lambda: conferences.upcoming("biology"), "Use one of"),
        (lambda: conferences.upcoming("any", 400), "1 to 365"),
        (lambda: conferences.conference("CVPR"), "Send one of"),
        (lambda: instruments.Facility().book("confocal", "2026-11-23", "10:00"), "from 12:00"),
        (lambda: instruments.Facility().book("confocal", "23/11/2026", "15:00"), "Use YYYY-MM-DD"),
        (lambda: instruments.Facility().book("confocal", "2026-11-30", "3pm"), "24-hour HH:MM"),
        (lambda: instruments.Facility().book("confocal", "2026-11-20", "15:00"), "in the past"),
        (lambda: instruments.Facility().book("NMR", "2026-11-30", "15:00"), "Book one of"),
        (lambda: timers.Timers().start(2, "days"), "'seconds', 'minutes' or 'hours'"),
        (lambda: pubmed.record("10.1038/nature12373"), "PMID's digits"),
        (lambda: genes.genes(["tumor protein p53"]), "not full names"),
        (lambda: genes.genes(["TP53, BRCA1"]), "own list item"),
        (lambda: translate.translate("good morning", "German"), "'de' for German"),
        (lambda: stocks.quote("Apple Inc"), "e.g. 'AAPL'"),
        (lambda: issues.issues("pydantic-ai"), "owner/name"),
        (lambda: wiki.summarize("Photosynthesis", 11), "1 to 10"),
        (lambda: compounds.compound(" "), "compound name"),
        (lambda: geocode.geocode(""), "address"),
        (lambda: stockroom.Orders().raise_order("PBS", 2.5, "L"), "send 2500 mL"),
        (lambda: stockroom.Orders().raise_order("PBS", 2, "bottles"), "Use 'each'"),
        (lambda: citations.format_reference("https://doi.org/10.1038/nature12373"), "bare DOI '10.1038/nature12373'"),
        (lambda: citations.format_reference("10.1038/nature12373", "ieee"), "Use one of"),
        (lambda: structures.entry("PDB 1TUP"), "'1TUP'"),
        (lambda: structures.entry("p53"), "use search_pdb"),
        (lambda: solar.ephemeris(52.5, 13.4, "3 Dec"), "Use YYYY-MM-DD"),
        (lambda: solar.ephemeris(95, 13.4, "2026-12-03"), "-90 to 90"),
        (lambda: stats.t_test([1, 2, 3], [4, 5], paired=True), "same length"),
        (lambda: stats.describe([]), "at least 1 value"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()


def test_nws_fetch_and_git_fake_data_is_stable_and_refusals_say_what_to_send() -> None:
    assert nws.forecast(39.7392, -104.9903) == nws.forecast(39.7392, -104.9903)
    assert nws.forecast(40.015, -105.2705).location == "Boulder, CO"
    assert [a.event for a in nws.alerts("co").alerts] == ["Winter Storm Warning", "Winter Weather Advisory"]
    assert nws.alerts("OH").message == "No active alerts for this state."
    assert not nws.in_us(43.65, -79.38) and not nws.in_us(52.37, 4.89) and nws.in_us(21.3069, -157.8583)
    assert fetch.fetch_url("http://www.marqueslab.org/people/").text.startswith("Contents of http://www.marqueslab")
    rules = "https://snakemake.readthedocs.io/en/stable/snakefiles/rules.html"
    assert [fetch.fetch_url(rules, start_index=i).next_start_index for i in (0, 5000, 10000)] == [5000, 10000, None]
    assert fetch.fetch_url("https://example.com/", raw=True).text.split("\n")[1] == "<!DOCTYPE html>"
    store = git.Store()
    assert store.repo("~/papers/thesis/") is store.repo("/home/ana/papers/thesis/.git")
    assert git.build("/home/ana/code/qpcr-analysis", git.data.QPCR).commits.keys() == (
        store.repo("/home/ana/code/qpcr-analysis").commits.keys()
    )
    for call, hint in [
        (lambda: nws.alerts("Colorado"), "send 'CO'"),
        (lambda: nws.forecast(39.74, 104.99), "a west longitude is negative"),
        (lambda: fetch.fetch_url("https://marqueslab.org/nope"), "status code 404"),
        (lambda: fetch.fetch_url("https://scholar.google.com/scholar?q=trem2"), "robots.txt"),
        (lambda: store.repo("/home/ana/code"), "is not a git repository"),
        (lambda: store.repo("rnaseq-pipeline"), "absolute path"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()


def test_sqlite_kgraph_obsidian_and_jira_fake_data_is_stable_and_refusals_say_what_to_send() -> None:
    db = sqlite.Database()
    assert db.tables().tables == ["experiments", "reagents", "samples"]
    assert db.read("SELECT COUNT(*) AS n FROM experiments WHERE status = 'failed'").rows == [{"n": 3}]
    assert db.describe("Samples").table_name == "samples" and db.describe("samples").row_count == 12
    assert db.write("UPDATE reagents SET quantity = 400 WHERE name = 'Tris base'").affected_rows == 1
    assert db.create("CREATE TABLE freezers (freezer_id TEXT PRIMARY KEY, location TEXT)").table == "freezers"
    assert (
        sqlite.Database().read("SELECT * FROM reagents").rows == sqlite.Database().read("SELECT * FROM reagents").rows
    )
    assert db.insight("KO livers are nearly used up").text == "Insight added to memo"
    graph = kgraph.KnowledgeGraph()
    assert [e.name for e in graph.search("CONFOCAL").entities] == ["Mei Lin", "Confocal Microscope"]
    assert graph.create_entities([{"name": "HCT116", "entityType": "cell line", "observations": []}]).entities == []
    assert graph.add_observations([{"entityName": "hct116", "contents": ["x"]}]).results[0].entityName == "HCT116"
    graph.delete_entities(["Hubrecht Institute"])
    assert not [r for r in graph.read().relations if r.to == "Hubrecht Institute"]
    notes = obsidian.Vault()
    assert [h.filename for h in notes.search("brunello").results] == [
        "Archive/old todo.md",
        "Inbox.md",
        "Projects/CRISPR screen.md",
        "Reading list.md",
    ]
    assert notes.search("AlphaFold", 20).results[0].filename == "Papers/AlphaFold 2021.md"
    assert notes.list_vault().files[0] == "Archive/" and "Welcome.md" in notes.list_vault().files
    notes.append("Daily/2026-11-22.md", "- [ ] order FBS")
    assert notes.read("daily/2026-11-22.md").content == "- [ ] order FBS\n"
    notes.patch("Projects/CRISPR screen.md", "append", "heading", "Next steps", "- sequence rep C")
    assert (
        "- Compare with the DepMap essential genes\n- sequence rep C\n"
        in notes.read("Projects/CRISPR screen.md").content
    )
    notes.patch("Projects/Organoid atlas.md", "replace", "frontmatter", "status", "paused")
    assert "status: paused" in notes.read("Projects/Organoid atlas.md").content
    site = jira.Site()
    assert [i["key"] for i in site.search("assignee = currentUser() AND status != Done").issues] == [
        "PIPE-51",
        "LAB-131",
        "PIPE-45",
        "PIPE-40",
    ]
    assert [i["key"] for i in site.search("project = LAB ORDER BY created DESC", limit=5, start_at=5).issues] == [
        "LAB-131",
        "LAB-127",
        "LAB-125",
        "LAB-112",
    ]
    assert site.transition("LAB-121", "21").issue["status"]["name"] == "In Progress"
    assert site.update("PIPE-45", {"status": "Done"}).issue["status"]["name"] == "Done"
    assert site.create("PIPE", "STAR index crashes", "bug").issue["key"] == "PIPE-52"
    for call, hint in [
        (lambda: sqlite.Database().read("DELETE FROM samples"), "Use write_query"),
        (lambda: sqlite.Database().read("SELECT * FROM sample"), "Tables: experiments, reagents, samples"),
        (lambda: sqlite.Database().read("SELECT 1; SELECT 2"), "one statement per call"),
        (lambda: sqlite.Database().write("SELECT * FROM samples"), "Use read_query"),
        (lambda: sqlite.Database().write("DROP TABLE samples"), "INSERT, UPDATE or DELETE"),
        (lambda: sqlite.Database().create("INSERT INTO samples VALUES (1)"), "CREATE TABLE"),
        (lambda: sqlite.Database().create("CREATE TABLE samples (a TEXT)"), "already exists"),
        (lambda: sqlite.Database().describe("freezers"), "Tables: experiments"),
        (lambda: kgraph.KnowledgeGraph().open("Mei Lin"), "send ['Mei Lin']"),
        (
            lambda: kgraph.KnowledgeGraph().add_observations([{"entityName": "Tomás", "contents": ["x"]}]),
            "create_entities",
        ),
        (lambda: kgraph.KnowledgeGraph().create_entities([{"name": "X", "entityType": "person"}]), "observations"),
        (lambda: kgraph.KnowledgeGraph().add_observations([{"entityName": "HCT116", "contents": "x"}]), "send ['x']"),
        (lambda: obsidian.Vault().read("Ideas"), "send 'Ideas.md'"),
        (lambda: obsidian.Vault().read("Projects"), "obsidian_list_files_in_dir"),
        (lambda: obsidian.Vault().list_dir("Notes"), "Folders: Archive/"),
        (lambda: obsidian.Vault().append("Inbox", "x"), "send 'Inbox.md'"),
        (lambda: obsidian.Vault().patch("Ideas.md", "append", "heading", "Todo", "x"), "Headings: 'Ideas'"),
        (lambda: obsidian.Vault().patch("Ideas.md", "append", "frontmatter", "status", "x"), "no frontmatter"),
        (lambda: obsidian.Vault().patch("Ideas.md", "insert", "heading", "Ideas", "x"), "'append', 'prepend'"),
        (lambda: obsidian.Vault().delete("Ideas.md", False), "confirm must be set to true"),
        (lambda: jira.Site().get("lab 118"), "send 'LAB-118'"),
        (lambda: jira.Site().get("LAB-999"), "Issues of LAB: LAB-112"),
        (lambda: jira.Site().search("freezer alarms"), 'text ~ "freezer alarms"'),
        (lambda: jira.Site().search("project = OPS"), "Values: LAB, PIPE"),
        (lambda: jira.Site().search("status = Blocked"), "Values: Done, In Progress"),
        (lambda: jira.Site().search("project = LAB", limit=100), "1 to 50"),
        (lambda: jira.Site().transition("LAB-121", "In Progress"), "send '21'"),
        (lambda: jira.Site().create("lab", "x", "Task"), "send 'LAB'"),
        (lambda: jira.Site().create("LAB", "x", "Incident"), "Types: Task, Bug"),
        (lambda: jira.Site().update("LAB-127", {"priority": "urgent"}), "Priorities: Lowest"),
        (lambda: jira.Site().update("LAB-127", {"assignee": "Bob"}), "Users: Ravi Shah"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()


def test_mail_hfhub_zenodo_and_variants_fake_data_is_stable_and_refusals_say_what_to_send() -> None:
    box = mail.Mailbox()
    assert [m.id for m in box.search("from:lee").messages] == ["18c2f9a4b7d1e0f3", "18c1e8a2c4d5f613"]
    assert [m.id for m in box.search("has:attachment newer_than:3d").messages] == [
        "18c2f1c07d6a9e42",
        "18c2e7d05a93b41c",
    ]
    assert box.search("subject:TRIzol").resultSizeEstimate == 1
    assert box.read("18C2E7D05A93B41C").subject.startswith("Run RUN-0418 complete")
    sent = box.send(["hannah.lee@uni-example.edu"], "Figure 3D", "source data is on the lab drive")
    assert sent.id == box.send(["hannah.lee@uni-example.edu"], "Figure 3D", "source data is on the lab drive").id
    assert box.search("from:lee").resultSizeEstimate == 2 and box.search("in:sent").messages[0].id == sent.id
    assert [m.id for m in hfhub.search_models("protein language models", limit=2).models] == [
        "facebook/esm2_t33_650M_UR50D",
        "facebook/esm2_t6_8M_UR50D",
    ]
    assert hfhub.search_models(author="FACEBOOK", sort="downloads").models[0].id == "facebook/esm2_t6_8M_UR50D"
    assert [d.id for d in hfhub.search_datasets(tags=["token-classification"], author="bigbio").datasets] == [
        "bigbio/ncbi_disease",
        "bigbio/bc5cdr",
    ]
    assert [r.type for r in hfhub.details(["ctheodoris/geneformer", "tahoebio/Tahoe-100M"]).repos] == [
        "model",
        "dataset",
    ]
    account = zenodo.Account()
    assert [d.id for d in account.listing("draft").depositions] == [14203518, 14203311, 14188420]
    made = account.create("PDO brightfield panel", "image", "6 lines", ["Souza, Ana"], "CC0-1.0", "restricted")
    assert made.id == zenodo.Account().create("PDO  brightfield panel", "image", "x", ["Souza, Ana"]).id
    assert account.publish(made.id).state == "done" and account.record(str(made.id)).license == "cc0-1.0"
    assert zenodo.Account().record("zenodo.org/records/5550123").upload_type == "image"
    assert variants.vep("ENST00000366667:c.803C>T").colocated_variants[0].id == "rs699"
    assert variants.vep("BRAF:p.Val600Glu").start == variants.vep("7:g.140753336A>T").start
    assert variants.variation("RS699").mappings[0].location == "1:230710048-230710048"
    assert variants.variation("rs12345", "mouse") == variants.variation("rs12345", "mus_musculus")
    assert [f.external_name for f in variants.overlap("human", "7:140424943-140624564", "gene").features] == ["DENND2A"]
    assert variants.overlap("danio rerio", "chr5:24080000..24100000", "transcript").count == 1
    for call, hint in [
        (lambda: mail.Mailbox().send(["Prof. Lee"], "x", "y"), "hannah.lee@uni-example.edu"),
        (lambda: mail.Mailbox().search("newer_than:1week"), "newer_than:7d"),
        (lambda: mail.Mailbox().read("RUN-0418"), "16 hex digits"),
        (lambda: mail.Mailbox().read("18c2f9a4b7d1e0f4"), "search_emails"),
        (lambda: hfhub.details(["https://huggingface.co/facebook/esmfold_v1"]), "send 'facebook/esmfold_v1'"),
        (lambda: hfhub.details(["Geneformer"]), "ctheodoris/Geneformer"),
        (lambda: hfhub.details(["facebook/esm3"]), "model_search"),
        (lambda: zenodo.Account().create("t", "dataset", "d", ["Alex Moreno"]), "'Moreno, Alex'"),
        (lambda: zenodo.Account().create("t", "dataset", "d", ["Moreno, Alex"], "CC0"), "cc0-1.0"),
        (lambda: zenodo.Account().create("t", "dataset", "d", ["Moreno, Alex"], access_right="embargoed"), "embargo"),
        (lambda: zenodo.Account().publish(12544090), "already published"),
        (lambda: zenodo.Account().publish(1), "Your drafts: 14203518"),
        (lambda: zenodo.Account().record("14203311"), "draft"),
        (lambda: variants.vep("BRAF V600E"), "BRAF:p.Val600Glu"),
        (lambda: variants.vep("rs699"), "variant_by_id"),
        (lambda: variants.variation("699"), "send 'rs699'"),
        (lambda: variants.overlap("human", "chr7:140,424,943-140,624,564", "gene"), "'7:140424943-140624564'"),
        (lambda: variants.overlap("human", "7:1-6000000", "gene"), "5 Mb"),
        (lambda: variants.overlap("dog", "7:1-100", "gene"), "mus_musculus (mouse)"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()


def test_notion_gdrive_airtable_and_biorxiv_fake_data_is_stable_and_refusals_say_what_to_send() -> None:
    space = notion.Workspace()
    reading = notion.nid("database:Reading list")
    assert reading == "d5cd06a1-4938-5f6f-9603-c2a8ce4dfc09"
    to_read = space.query(reading.replace("-", ""), filter={"property": "Status", "select": {"equals": "To read"}})
    assert [r["title"] for r in to_read.results] == [
        "Cellpose 2.0: how to train your own model",
        "Single-cell CRISPR screens in organoids (Perturb-seq)",
        "Hydrogel stiffness tunes organoid symmetry breaking",
    ]
    meetings = notion.nid("page:Lab meetings")
    made = space.create({"page_id": meetings}, {"title": [{"text": {"content": "Lab meeting 2026-11-26"}}]}, ["Agenda"])
    assert made.id == notion.Workspace().create({"page_id": meetings}, {"title": "lab meeting  2026-11-26"}).id
    assert [b.text for b in space.children(made.id).results] == ["Agenda"]
    row = space.update(to_read.results[0]["id"], {"Status": {"select": {"name": "read"}}})
    assert row.properties["Status"] == "Read"
    assert len(space.children(notion.nid("page:Lab meeting 2026-11-19")).results) == 10
    drive = gdrive.Drive()
    assert [f.name for f in drive.search("matrigel").files] == [
        "Lab inventory",
        "Budget 2026",
        "Organoid passaging SOP",
    ]
    inventory = "1Inv3nT0ry8kLmN2pQ4rS6tU8vW0xY2zA4"
    assert drive.update(inventory, "E2", "8").updatedRange == "Reagents!E2"
    assert drive.values(inventory, ["Reagents!E2"]).valueRanges[0].values == [["8"]]
    assert gdrive.Drive().values(inventory, ["Reagents!E2"]).valueRanges[0].values == [["3"]]
    assert drive.read("1RoTa5LabMtg7Zx9Cv1Bn3Mq5Wr7Ty9Ui1").text.startswith("Date,Presenter,Journal club,Notes\n")
    base = airtable.Airtable()
    lab = "appK7sR2mQ9xLb4Tn"
    assert [r.id for r in base.search(lab, "Samples", "ORG-031").records] == ["recA1b2C3d4E5f6G7", "recH8i9J0k1L2m3N4"]
    loans = base.list(lab, "tblL0ansQ7vE1dRwZ", formula="AND(NOT({Returned}), {Direction} = 'lent out')")
    assert [r.fields["Item"] for r in loans.records] == ["Multichannel pipette P200", "Dry shipper"]
    new = base.create(lab, "Samples", {"Sample ID": "ORG-050", "Type": "Organoid line"})
    assert new.id == airtable.Airtable().create(lab, "Samples", {"Sample ID": "ORG-050", "Type": "organoid line"}).id
    assert new.fields["Type"] == "organoid line"
    base.update(lab, "Samples", [{"id": "recA1b2C3d4E5f6G7", "fields": {"Passage": "15"}}])
    assert base.get(lab, "Samples", "recA1b2C3d4E5f6G7").fields["Passage"] == 15
    assert base.delete(lab, "Samples", ["recJ0k1L2m3N4o5P6"]).records == [{"id": "recJ0k1L2m3N4o5P6", "deleted": True}]
    assert [
        h.doi for h in biorxiv.search(category="genomics", date_from="2026-10-01", date_to="2026-10-31").collection
    ] == ["10.1101/2026.10.02.580114"]
    assert biorxiv.get("10.1101/2026.05.05.558812", version=2).date == "2026-06-20"
    assert biorxiv.get("10.1101/2026.08.21.571903").published == "10.1016/j.ccell.2026.10.004"
    assert biorxiv.search("long covid", server="medrxiv").total == 1
    for call, hint in [
        (lambda: notion.Workspace().page("Lab meetings"), "API-post-search"),
        (lambda: notion.Workspace().page(reading), "API-post-database-query"),
        (lambda: notion.Workspace().create({"page_id": meetings}, {}), 'properties={"title"'),
        (lambda: notion.Workspace().create({"page": "x"}, {}), '{"page_id": "<uuid>"}'),
        (lambda: notion.Workspace().update(to_read.results[0]["id"], {"Status": "done"}), "To read, Reading, Read"),
        (lambda: notion.Workspace().query(reading, {"property": "Stage", "select": {"equals": "x"}}), "Status"),
        (
            lambda: gdrive.Drive().read("https://docs.google.com/document/d/1SoP0rgPass4gE6mC8hN0iC2aL4pS6sQ8a/edit"),
            "send '1SoP0rgPass4gE6mC8hN0iC2aL4pS6sQ8a'",
        ),
        (lambda: gdrive.Drive().read("Lab inventory"), "1Inv3nT0ry8kLmN2pQ4rS6tU8vW0xY2zA4"),
        (lambda: gdrive.Drive().update(inventory, "Reagents!E2:E3", "1"), "one cell"),
        (lambda: gdrive.Drive().values(inventory, ["Stock!A1"]), "['Reagents', 'Antibodies']"),
        (lambda: airtable.Airtable().list("Okafor Lab", "Samples"), "send 'appK7sR2mQ9xLb4Tn'"),
        (lambda: airtable.Airtable().list(lab, "Mice"), "Samples (tblS4mpl3sX9kQ2aB)"),
        (lambda: airtable.Airtable().get(lab, "Samples", "ORG-031"), "search_records"),
        (lambda: airtable.Airtable().create(lab, "Samples", {"Status": "thawed"}), "in culture, frozen"),
        (lambda: airtable.Airtable().create(lab, "Samples", {"Freezer": "2"}), "Sample ID, Type"),
        (lambda: airtable.Airtable().list(lab, "Samples", formula="Status is frozen"), "{Status} = 'frozen'"),
        (
            lambda: biorxiv.get("https://www.biorxiv.org/content/10.1101/2026.09.14.576220v1"),
            "send '10.1101/2026.09.14.576220'",
        ),
        (lambda: biorxiv.get("10.1101/2026.09.19.26316420"), "server='medrxiv'"),
        (lambda: biorxiv.search(category="cell bio"), "cell biology"),
        (lambda: biorxiv.search(date_from="1 October"), "YYYY-MM-DD"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()


def test_trello_confluence_linear_and_tavily_fake_data_is_stable_and_refusals_say_what_to_send() -> None:
    board = trello.Trello()
    experiments = trello.oid("board", "Lab Experiments")
    assert [b.name for b in board.list_boards()] == ["Lab Experiments", "Grants & Papers", "Equipment & Orders"]
    assert [lst.name for lst in board.get_lists()] == ["Planned", "In progress", "Analysis", "Done"]
    assert board.get_lists(experiments) == board.get_lists(None)
    analysis = trello.oid("list", "Lab Experiments/Analysis")
    assert [c.name for c in board.cards_in(analysis)] == [
        "Scar area quantification (AFOG)",
        "scRNA-seq of 7 dpi ventricles",
    ]
    assert len(board.my_cards()) == 10
    card = board.add_card(None, analysis, "Cohort 3 EdU counts", labels=["imaging"], due="2026-12-01")
    assert card.id == trello.Trello().add_card(None, analysis, "Cohort  3 EdU counts").id
    assert [lab.name for lab in card.labels] == ["imaging"] and card.due == "2026-12-01T00:00:00.000Z"
    done = trello.oid("list", "Lab Experiments/Done")
    assert board.move(None, card.id, done).idList == done
    assert board.archive(card.shortLink).closed
    assert board.activity(limit=1)[0].type == "updateCard"
    analysis_card = trello.oid("card", "Lab Experiments/Scar area quantification (AFOG)")
    assert board.card(analysis_card).comments
    wiki = confluence.Site()
    assert [p.id for p in wiki.search("lab meeting", limit=2)] == ["1385955329", "1385824257"]
    assert [p.title for p in wiki.search('title ~ "Lab meeting" ORDER BY created ASC')] == [
        "Lab meeting 2026-11-12",
        "Lab meeting 2026-11-19",
    ]
    assert len(wiki.search("(space = LAB OR space = FISH) AND label = protocol")) == 6
    assert wiki.get(title="fish room rules", space_key="fish").metadata.id == "2214854657"
    new = wiki.create("LAB", "Lab meeting 2026-11-26", "Agenda", "1385693185").page
    assert new.id == confluence.Site().create("lab", "Lab meeting  2026-11-26", "x", "1385693185").page.id
    assert wiki.children("1385693185").count == 3
    assert wiki.update(new.id, new.title, "Agenda\n- cohort 4").page.version == 2
    issues_ws = linear.Workspace()
    assert [i.identifier for i in issues_ws.user_issues().issues][:3] == ["WET-112", "DATA-47", "OPS-62"]
    assert [i.identifier for i in issues_ws.search(team_id="ops", status="Todo").issues] == [
        "OPS-62",
        "OPS-57",
        "OPS-61",
    ]
    assert issues_ws.search(assignee_id="leo.novak@marchettilab.example.org", labels=["Bug"]).issues[0].identifier == (
        "DATA-38"
    )
    assert issues_ws.create("Retrain the U-Net", linear.lid("team", "DATA"), priority=2).issue.identifier == "DATA-53"
    assert issues_ws.update("data-41", status="In Review").issue.status == "In Review"
    assert issues_ws.comment("WET-120", "lactate selection was 2 days short").issue == "WET-120"
    engine = tavily.Engine()
    hits = engine.search("fluo-4 loading", include_domains=["protocols.io"]).results
    assert hits and all(h.url.startswith("https://www.protocols.io/") for h in hits)
    assert engine.search("fluo-4 loading") == tavily.Engine().search("fluo-4 loading")
    assert all(h.published_date for h in engine.search("base editing", topic="news", days=7).results)
    assert engine.search("base editing", days=7) == engine.search("base editing")  # days: news only, else ignored
    out = engine.extract(["https://www.agilent.com/seahorse", "https://marchettilab.atlassian.net/wiki/x"])
    assert len(out.results) == 1 and len(out.failed_results) == 1
    assert [e["tool"] for e in engine.log] == ["tavily-search"] * 5 + ["tavily-extract"]
    for call, hint in [
        (lambda: trello.Trello().cards_in("Analysis"), "listId takes the list's id"),
        (lambda: trello.Trello().update("Scar area quantification"), "cardId takes the card's id"),
        (lambda: trello.Trello().add_card(None, analysis, "x", labels=["paper"]), "Labels: urgent"),
        (lambda: trello.Trello().add_card(None, analysis, "x", due="next Friday"), "ISO 8601"),
        (
            lambda: trello.Trello().move(None, analysis_card, trello.oid("list", "Grants & Papers/Writing")),
            "Send boardId=",
        ),
        (lambda: trello.Trello().get_lists("Grants & Papers"), "boardId takes the board's id"),
        (lambda: confluence.Site().get("Lab meeting 2026-11-19"), "send '1385955329'"),
        (lambda: confluence.Site().get(), "Either 'page_id' OR both"),
        (lambda: confluence.Site().create("LAB", "Protocols", "x"), "already exists"),
        (lambda: confluence.Site().create("Marchetti Lab", "x", "x"), "send 'LAB'"),
        (lambda: confluence.Site().search("space = LAB AND foo bar"), "Could not parse the CQL"),
        (lambda: confluence.Site().add_label("1385037825", "needs review"), "needs-review"),
        (lambda: linear.Workspace().create("x", "Bench"), "Teams: Wet Lab (key WET"),
        (lambda: linear.Workspace().get("41"), "Did you mean DATA-41"),
        (lambda: linear.Workspace().update("WET-112", status="Blocked"), "States of Wet Lab"),
        (lambda: linear.Workspace().user_issues("Maria"), "Users: Jonas Brandt"),
        (lambda: linear.Workspace().create("x", "WET", priority=7), "0-4"),
        (lambda: tavily.Engine().search("x", max_results=3), "5 to 20"),
        (lambda: tavily.Engine().extract([]), "urls is required"),
    ]:
        with pytest.raises(ValueError, match=re.escape(hint)):
            call()
