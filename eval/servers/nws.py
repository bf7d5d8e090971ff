"""Test-only US weather server (dev set ``dev12_tools.jsonl``), shaped like the MCP quickstart's weather server (the
"Build an MCP server" tutorial's ``weather.py``, which calls the US National Weather Service API): active weather
alerts for a US state, and the next five forecast periods for a latitude/longitude.

Run with: ``python -m eval.servers.nws`` (stdio). As in the tutorial, the two tools publish only their docstrings:
the arguments are described in an ``Args:`` section of the description and not in the JSON schema. Fake,
deterministic data for 2026-11-22 (the evaluation's clock): 17 alerts in a dozen states and Lake Superior, forecasts made from the
point's latitude, coast and grid cell. No network, no real clock. The NWS covers the United States only: a point
outside it (or a state that is not a US state or territory code) is refused, as the real API refuses it.
"""

from __future__ import annotations

import hashlib
import math

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# The US area codes the NWS alerts endpoint accepts: states, DC, territories, and marine areas.
STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
    "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York", "NC": "North Carolina",
    "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas",
    "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin",
    "WY": "Wyoming", "PR": "Puerto Rico", "VI": "U.S. Virgin Islands", "GU": "Guam", "AS": "American Samoa",
    "MP": "Northern Mariana Islands",
}  # fmt: skip
MARINE = {"AM", "AN", "GM", "LC", "LE", "LH", "LM", "LO", "LS", "PH", "PK", "PM", "PS", "PZ", "SL"}
OTHER_NAMES = {"washington state": "WA", "washington dc": "DC", "d.c.": "DC", "dc": "DC", "puerto rico": "PR"}

# (event, area, severity, urgency, certainty, onset, ends, office, description, instruction)
ALERTS: dict[str, list[tuple[str, str, str, str, str, str, str, str, str, str]]] = {
    "CO": [
        (
            "Winter Storm Warning",
            "Rabbit Ears Pass; Grand and Summit Counties Above 9000 Feet; Gore and Elk Mountains/Central Mountain "
            "Valleys; Flattop Mountains",
            "Severe",
            "Expected",
            "Likely",
            "2026-11-22T11:00:00-07:00",
            "2026-11-24T05:00:00-07:00",
            "NWS Grand Junction CO",
            "* WHAT...Heavy snow expected. Total snow accumulations of 12 to 20 inches, locally higher on west "
            "facing slopes. Winds gusting as high as 50 mph.\n\n* WHERE...The Flattop Mountains, Gore and Elk "
            "Mountains and Rabbit Ears Pass.\n\n* WHEN...From 11 AM this morning to 5 AM MST Tuesday.\n\n* "
            "IMPACTS...Travel could be very difficult to impossible. Patchy blowing snow could significantly reduce "
            "visibility.",
            "If you must travel, keep an extra flashlight, food, and water in your vehicle in case of an "
            "emergency. The latest road conditions can be obtained by calling 5 1 1.",
        ),
        (
            "Winter Weather Advisory",
            "Denver; Boulder And Jefferson Counties Below 6000 Feet/West Broomfield County; Castle Rock",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T17:00:00-07:00",
            "2026-11-23T11:00:00-07:00",
            "NWS Boulder CO",
            "* WHAT...Snow expected. Total snow accumulations of 3 to 6 inches.\n\n* WHERE...Denver, Boulder and "
            "the western suburbs.\n\n* WHEN...From 5 PM this evening to 11 AM MST Monday.\n\n* IMPACTS...Plan on "
            "slippery road conditions. The hazardous conditions could impact the Monday morning commute.",
            "Slow down and use caution while traveling.",
        ),
    ],
    "CA": [
        (
            "Wind Advisory",
            "Los Angeles County Mountains Excluding the Santa Monica Range; Ventura County Valleys; Santa Clarita "
            "Valley",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T03:00:00-08:00",
            "2026-11-23T15:00:00-08:00",
            "NWS Los Angeles/Oxnard CA",
            "* WHAT...Northeast winds 20 to 30 mph with gusts up to 55 mph.\n\n* WHERE...Los Angeles County "
            "mountains, the Santa Clarita Valley and the Ventura County valleys.\n\n* WHEN...Until 3 PM PST "
            "Monday.\n\n* IMPACTS...Gusty winds will blow around unsecured objects. Tree limbs could be blown down "
            "and a few power outages may result.",
            "Use extra caution when driving, especially if operating a high profile vehicle. Secure outdoor objects.",
        ),
        (
            "Red Flag Warning",
            "Ventura County Mountains; Los Angeles County San Gabriel Mountains",
            "Severe",
            "Expected",
            "Likely",
            "2026-11-22T06:00:00-08:00",
            "2026-11-23T18:00:00-08:00",
            "NWS Los Angeles/Oxnard CA",
            "* WIND...Northeast 20 to 30 mph with gusts to 60 mph.\n\n* HUMIDITY...As low as 5 to 10 percent.\n\n"
            "* IMPACTS...Any fires that develop will likely spread rapidly.",
            "A Red Flag Warning means that critical fire weather conditions are either occurring now, or will "
            "shortly. Avoid any outdoor burning.",
        ),
        (
            "Beach Hazards Statement",
            "San Francisco; Coastal North Bay Including Point Reyes National Seashore; San Mateo Coast",
            "Minor",
            "Expected",
            "Likely",
            "2026-11-22T04:00:00-08:00",
            "2026-11-22T22:00:00-08:00",
            "NWS San Francisco CA",
            "* WHAT...Long period west swell will bring an increased risk of sneaker waves and strong rip "
            "currents.\n\n* WHERE...Coastal North Bay, San Francisco and the San Mateo coast.\n\n* WHEN...Through "
            "this evening.",
            "Never turn your back on the ocean. Stay off rocks and jetties.",
        ),
    ],
    "WA": [
        (
            "Flood Watch",
            "Olympics; Southwest Interior; Hood Canal Area; Cascades of Snohomish and King Counties",
            "Severe",
            "Future",
            "Possible",
            "2026-11-23T04:00:00-08:00",
            "2026-11-25T04:00:00-08:00",
            "NWS Seattle WA",
            "* WHAT...Flooding caused by excessive rainfall continues to be possible as an atmospheric river "
            "reaches western Washington.\n\n* WHERE...The Olympics, the Hood Canal area, the southwest interior "
            "and the Cascades of Snohomish and King Counties.\n\n* WHEN...From Monday morning through Wednesday "
            "morning.\n\n* IMPACTS...Excessive runoff may result in flooding of rivers, creeks, streams, and other "
            "low-lying and flood-prone locations.",
            "You should monitor later forecasts and be alert for possible Flood Warnings.",
        ),
    ],
    "NY": [
        (
            "Lake Effect Snow Warning",
            "Northern Erie; Southern Erie; Wyoming; Chautauqua; Cattaraugus",
            "Severe",
            "Expected",
            "Likely",
            "2026-11-22T13:00:00-05:00",
            "2026-11-24T01:00:00-05:00",
            "NWS Buffalo NY",
            "* WHAT...Heavy lake effect snow. Additional snow accumulations of 1 to 2 feet in the most persistent "
            "lake snows. Winds gusting as high as 35 mph.\n\n* WHERE...Chautauqua, Cattaraugus, southern Erie, "
            "northern Erie and Wyoming counties, including the southern Buffalo suburbs.\n\n* WHEN...From 1 PM "
            "this afternoon to 1 AM EST Tuesday.\n\n* IMPACTS...Travel will be very difficult to impossible in "
            "the most intense lake snows.",
            "Persons should consider delaying all travel. If travel is absolutely necessary, drive with "
            "extreme caution.",
        ),
    ],
    "MN": [
        (
            "Winter Weather Advisory",
            "Lake Of The Woods; North Beltrami; North Itasca; Koochiching; North Cook",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T18:00:00-06:00",
            "2026-11-23T18:00:00-06:00",
            "NWS Duluth MN",
            "* WHAT...Snow expected. Total snow accumulations of 2 to 5 inches. Wind chills as low as 15 below "
            "zero.\n\n* WHERE...Koochiching, Lake of the Woods and north Itasca counties.\n\n* WHEN...From 6 PM "
            "this evening to 6 PM CST Monday.",
            "Slow down and use caution while traveling.",
        ),
    ],
    "AK": [
        (
            "High Wind Warning",
            "Anchorage Hillside; Eastern Turnagain Arm",
            "Severe",
            "Expected",
            "Likely",
            "2026-11-22T06:00:00-09:00",
            "2026-11-23T06:00:00-09:00",
            "NWS Anchorage AK",
            "* WHAT...Southeast winds 35 to 50 mph with gusts up to 85 mph.\n\n* WHERE...Anchorage Hillside and "
            "Turnagain Arm.\n\n* WHEN...Until 6 AM AKST Monday.\n\n* IMPACTS...Damaging winds will blow down "
            "trees and power lines. Widespread power outages are expected.",
            "People should avoid being outside in forested areas and around trees and branches.",
        ),
        (
            "Winter Storm Watch",
            "Western Kenai Peninsula; Kuskokwim Delta",
            "Severe",
            "Future",
            "Possible",
            "2026-11-23T15:00:00-09:00",
            "2026-11-25T03:00:00-09:00",
            "NWS Anchorage AK",
            "* WHAT...Heavy snow possible. Total snow accumulations of 8 to 14 inches possible.\n\n* "
            "WHERE...Western Kenai Peninsula.\n\n* WHEN...From Monday afternoon through Wednesday morning.",
            "Monitor the latest forecasts for updates on this situation.",
        ),
    ],
    "FL": [
        (
            "Rip Current Statement",
            "Coastal Palm Beach County; Coastal Broward County; Coastal Miami-Dade County",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T07:00:00-05:00",
            "2026-11-23T19:00:00-05:00",
            "NWS Miami FL",
            "* WHAT...Dangerous rip currents.\n\n* WHERE...Palm Beach, Broward and Miami-Dade beaches.\n\n* "
            "WHEN...Through Monday evening.\n\n* IMPACTS...Rip currents can sweep even the best swimmers away "
            "from shore into deeper water.",
            "Swim near a lifeguard. If caught in a rip current, relax and float. Don't swim against the current.",
        ),
    ],
    "HI": [
        (
            "High Surf Advisory",
            "Niihau; Kauai Windward; Kauai Leeward; Oahu North Shore; Molokai Windward; Maui Windward West",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T06:00:00-10:00",
            "2026-11-23T18:00:00-10:00",
            "NWS Honolulu HI",
            "* WHAT...Surf 15 to 20 feet along north facing shores.\n\n* WHERE...North facing shores of Niihau, "
            "Kauai, Oahu, Molokai and Maui.\n\n* WHEN...Until 6 PM HST Monday.\n\n* IMPACTS...Strong breaking "
            "waves and strong longshore and rip currents will make swimming difficult and dangerous.",
            "Beachgoers, swimmers, and surfers should heed all advice given by ocean safety officials.",
        ),
    ],
    "MT": [
        (
            "Winter Storm Warning",
            "Glacier National Park; Northern Rocky Mountain Front; Eastern Glacier, Western Toole, and Central Pondera",
            "Severe",
            "Expected",
            "Likely",
            "2026-11-22T05:00:00-07:00",
            "2026-11-23T17:00:00-07:00",
            "NWS Great Falls MT",
            "* WHAT...Heavy snow and blowing snow. Additional snow accumulations of 10 to 18 inches. Winds "
            "gusting as high as 60 mph.\n\n* WHERE...Glacier National Park and the northern Rocky Mountain "
            "Front.\n\n* WHEN...Until 5 PM MST Monday.",
            "Travel should be restricted to emergencies only.",
        ),
    ],
    "TX": [
        (
            "Dense Fog Advisory",
            "Harris; Galveston; Brazoria; Fort Bend; Chambers",
            "Minor",
            "Expected",
            "Likely",
            "2026-11-22T03:00:00-06:00",
            "2026-11-22T10:00:00-06:00",
            "NWS Houston/Galveston TX",
            "* WHAT...Visibility one quarter mile or less in dense fog.\n\n* WHERE...Houston, Galveston and the "
            "surrounding counties.\n\n* WHEN...Until 10 AM CST this morning.\n\n* IMPACTS...Low visibility could "
            "make driving conditions hazardous.",
            "If driving, slow down, use your headlights, and leave plenty of distance ahead of you.",
        ),
    ],
    "MI": [
        (
            "Winter Weather Advisory",
            "Gogebic; Ontonagon; Northern Houghton; Keweenaw; Baraga",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T10:00:00-05:00",
            "2026-11-23T10:00:00-05:00",
            "NWS Marquette MI",
            "* WHAT...Lake effect snow. Additional snow accumulations of 4 to 8 inches.\n\n* WHERE...Keweenaw, "
            "Houghton, Ontonagon, Gogebic and Baraga counties.\n\n* WHEN...Until 10 AM EST Monday.",
            "Slow down and use caution while traveling.",
        ),
    ],
    "PR": [
        (
            "Flood Advisory",
            "Mayaguez and Vicinity; Western Interior",
            "Minor",
            "Immediate",
            "Likely",
            "2026-11-22T07:40:00-04:00",
            "2026-11-22T10:45:00-04:00",
            "NWS San Juan PR",
            "* WHAT...Urban and small stream flooding caused by excessive rainfall is expected.\n\n* "
            "WHERE...Mayaguez, Hormigueros and San German.\n\n* WHEN...Until 10:45 AM AST.",
            "Turn around, don't drown when encountering flooded roads.",
        ),
    ],
    "LS": [
        (
            "Gale Warning",
            "Lake Superior west of a line from Saxon Harbor WI to Grand Portage MN beyond 5NM",
            "Moderate",
            "Expected",
            "Likely",
            "2026-11-22T09:00:00-06:00",
            "2026-11-23T09:00:00-06:00",
            "NWS Duluth MN",
            "* WHAT...Northwest gales to 40 knots and waves 10 to 15 feet.\n\n* WHERE...Western Lake Superior.",
            "Mariners should alter plans to avoid these hazardous conditions.",
        ),
    ],
}

# (name, state, latitude, longitude, forecast office)
CITIES: list[tuple[str, str, float, float, str]] = [
    ("Denver", "CO", 39.7392, -104.9903, "BOU"), ("Boulder", "CO", 40.015, -105.2705, "BOU"),
    ("Fort Collins", "CO", 40.5853, -105.0844, "BOU"), ("Steamboat Springs", "CO", 40.485, -106.8317, "GJT"),
    ("Grand Junction", "CO", 39.0639, -108.5506, "GJT"), ("Seattle", "WA", 47.6062, -122.3321, "SEW"),
    ("Spokane", "WA", 47.6588, -117.426, "OTX"), ("Portland", "OR", 45.5152, -122.6784, "PQR"),
    ("Eugene", "OR", 44.0521, -123.0868, "PQR"), ("San Francisco", "CA", 37.7749, -122.4194, "MTR"),
    ("Palo Alto", "CA", 37.4419, -122.143, "MTR"), ("Los Angeles", "CA", 34.0522, -118.2437, "LOX"),
    ("San Diego", "CA", 32.7157, -117.1611, "SGX"), ("La Jolla", "CA", 32.8328, -117.2713, "SGX"),
    ("Sacramento", "CA", 38.5816, -121.4944, "STO"), ("Fresno", "CA", 36.7378, -119.7871, "HNX"),
    ("Las Vegas", "NV", 36.1699, -115.1398, "VEF"), ("Reno", "NV", 39.5296, -119.8138, "REV"),
    ("Phoenix", "AZ", 33.4484, -112.074, "PSR"), ("Tucson", "AZ", 32.2226, -110.9747, "TWC"),
    ("Flagstaff", "AZ", 35.1983, -111.6513, "FGZ"), ("Salt Lake City", "UT", 40.7608, -111.891, "SLC"),
    ("Albuquerque", "NM", 35.0844, -106.6504, "ABQ"), ("Santa Fe", "NM", 35.687, -105.9378, "ABQ"),
    ("El Paso", "TX", 31.7619, -106.485, "EPZ"), ("Boise", "ID", 43.615, -116.2023, "BOI"),
    ("Missoula", "MT", 46.8721, -113.994, "MSO"), ("Great Falls", "MT", 47.5053, -111.3008, "TFX"),
    ("Billings", "MT", 45.7833, -108.5007, "BYZ"), ("Cheyenne", "WY", 41.14, -104.8202, "CYS"),
    ("Jackson", "WY", 43.4799, -110.7624, "RIW"), ("Rapid City", "SD", 44.0805, -103.231, "UNR"),
    ("Sioux Falls", "SD", 43.5446, -96.7311, "FSD"), ("Bismarck", "ND", 46.8083, -100.7837, "BIS"),
    ("Fargo", "ND", 46.8772, -96.7898, "FGF"), ("Minneapolis", "MN", 44.9778, -93.265, "MPX"),
    ("Saint Paul", "MN", 44.9537, -93.09, "MPX"), ("Duluth", "MN", 46.7867, -92.1005, "DLH"),
    ("International Falls", "MN", 48.6011, -93.4105, "DLH"), ("Omaha", "NE", 41.2565, -95.9345, "OAX"),
    ("Lincoln", "NE", 40.8136, -96.7026, "OAX"), ("Kansas City", "MO", 39.0997, -94.5786, "EAX"),
    ("Wichita", "KS", 37.6872, -97.3301, "ICT"), ("Oklahoma City", "OK", 35.4676, -97.5164, "OUN"),
    ("Tulsa", "OK", 36.154, -95.9928, "TSA"), ("Dallas", "TX", 32.7767, -96.797, "FWD"),
    ("Austin", "TX", 30.2672, -97.7431, "EWX"), ("San Antonio", "TX", 29.4241, -98.4936, "EWX"),
    ("Houston", "TX", 29.7604, -95.3698, "HGX"), ("Galveston", "TX", 29.3013, -94.7977, "HGX"),
    ("Amarillo", "TX", 35.222, -101.8313, "AMA"), ("New Orleans", "LA", 29.9511, -90.0715, "LIX"),
    ("Baton Rouge", "LA", 30.4515, -91.1871, "LIX"), ("Little Rock", "AR", 34.7465, -92.2896, "LZK"),
    ("Memphis", "TN", 35.1495, -90.049, "MEG"), ("Nashville", "TN", 36.1627, -86.7816, "OHX"),
    ("St. Louis", "MO", 38.627, -90.1994, "LSX"), ("Chicago", "IL", 41.8781, -87.6298, "LOT"),
    ("Urbana", "IL", 40.1106, -88.2073, "ILX"), ("Milwaukee", "WI", 43.0389, -87.9065, "MKX"),
    ("Madison", "WI", 43.0731, -89.4012, "MKX"), ("Detroit", "MI", 42.3314, -83.0458, "DTX"),
    ("Ann Arbor", "MI", 42.2808, -83.743, "DTX"), ("Marquette", "MI", 46.5436, -87.3954, "MQT"),
    ("Houghton", "MI", 47.1211, -88.5694, "MQT"), ("Indianapolis", "IN", 39.7684, -86.1581, "IND"),
    ("Des Moines", "IA", 41.5868, -93.625, "DMX"), ("Columbus", "OH", 39.9612, -82.9988, "ILN"),
    ("Cleveland", "OH", 41.4993, -81.6944, "CLE"), ("Pittsburgh", "PA", 40.4406, -79.9959, "PBZ"),
    ("Philadelphia", "PA", 39.9526, -75.1652, "PHI"), ("New York", "NY", 40.7128, -74.006, "OKX"),
    ("Cold Spring Harbor", "NY", 40.8715, -73.4568, "OKX"), ("Buffalo", "NY", 42.8864, -78.8784, "BUF"),
    ("Orchard Park", "NY", 42.7676, -78.7439, "BUF"), ("Rochester", "NY", 43.1566, -77.6088, "BUF"),
    ("Ithaca", "NY", 42.444, -76.5019, "BGM"), ("Albany", "NY", 42.6526, -73.7562, "ALY"),
    ("Boston", "MA", 42.3601, -71.0589, "BOX"), ("Cambridge", "MA", 42.3736, -71.1097, "BOX"),
    ("Woods Hole", "MA", 41.5265, -70.6731, "BOX"), ("Providence", "RI", 41.824, -71.4128, "BOX"),
    ("Hartford", "CT", 41.7658, -72.6734, "BOX"), ("New Haven", "CT", 41.3083, -72.9279, "OKX"),
    ("Burlington", "VT", 44.4759, -73.2121, "BTV"), ("Portland", "ME", 43.6591, -70.2568, "GYX"),
    ("Bar Harbor", "ME", 44.3876, -68.2039, "CAR"), ("Baltimore", "MD", 39.2904, -76.6122, "LWX"),
    ("Bethesda", "MD", 38.9847, -77.0947, "LWX"), ("Washington", "DC", 38.9072, -77.0369, "LWX"),
    ("Richmond", "VA", 37.5407, -77.436, "AKQ"), ("Raleigh", "NC", 35.7796, -78.6382, "RAH"),
    ("Durham", "NC", 35.994, -78.8986, "RAH"), ("Charlotte", "NC", 35.2271, -80.8431, "GSP"),
    ("Charleston", "SC", 32.7765, -79.9311, "CHS"), ("Atlanta", "GA", 33.749, -84.388, "FFC"),
    ("Birmingham", "AL", 33.5186, -86.8104, "BMX"), ("Jackson", "MS", 32.2988, -90.1848, "JAN"),
    ("Louisville", "KY", 38.2527, -85.7585, "LMK"), ("Charleston", "WV", 38.3498, -81.6326, "RLX"),
    ("Jacksonville", "FL", 30.3322, -81.6557, "JAX"), ("Orlando", "FL", 28.5383, -81.3792, "MLB"),
    ("Tampa", "FL", 27.9506, -82.4572, "TBW"), ("Miami", "FL", 25.7617, -80.1918, "MFL"),
    ("Key West", "FL", 24.5551, -81.78, "KEY"), ("Anchorage", "AK", 61.2181, -149.9003, "AFC"),
    ("Fairbanks", "AK", 64.8378, -147.7164, "AFG"), ("Juneau", "AK", 58.3019, -134.4197, "AJK"),
    ("Honolulu", "HI", 21.3069, -157.8583, "HFO"), ("Hilo", "HI", 19.7074, -155.0885, "HFO"),
    ("San Juan", "PR", 18.4655, -66.1057, "SJU"), ("Mayaguez", "PR", 18.2013, -67.1397, "SJU"),
]  # fmt: skip
# The conterminous US as a coarse polygon (longitude, latitude), clockwise from the Olympic Peninsula.
CONUS = [
    (-124.8, 48.4), (-123.2, 48.2), (-123.0, 49.0), (-95.15, 49.0), (-95.15, 49.38), (-94.8, 48.75), (-93.4, 48.65), (-92.0, 48.4), (-89.6, 48.0),
    (-84.6, 46.6), (-84.1, 46.2), (-83.5, 45.9), (-82.4, 45.2), (-82.45, 43.0), (-82.95, 42.34), (-83.12, 42.05), (-83.2, 41.95),
    (-81.3, 42.3), (-78.9, 42.88), (-79.06, 43.26), (-76.8, 43.63), (-76.35, 44.2), (-74.7, 45.0), (-71.5, 45.0),
    (-70.6, 45.7), (-69.2, 47.45), (-67.8, 47.1), (-67.8, 45.7), (-66.95, 44.8), (-68.0, 44.1), (-70.2, 43.5),
    (-70.6, 42.7), (-69.9, 41.9), (-70.5, 41.2), (-72.0, 40.9), (-73.9, 40.45), (-74.0, 39.6), (-74.9, 38.9),
    (-75.9, 36.0), (-75.5, 35.2), (-77.9, 33.8), (-80.9, 32.0), (-81.4, 30.6), (-80.5, 28.5), (-80.0, 26.8),
    (-80.1, 25.1), (-81.85, 24.5), (-81.3, 25.4), (-82.8, 27.8), (-82.7, 29.2), (-84.4, 30.0), (-86.5, 30.3),
    (-88.9, 30.3), (-89.4, 28.9), (-91.3, 29.2), (-93.8, 29.6), (-95.0, 29.1), (-97.4, 27.4), (-97.15, 25.95),
    (-99.1, 26.4), (-100.3, 28.0), (-101.4, 29.77), (-102.4, 29.8), (-103.1, 29.0), (-104.5, 29.6), (-106.45, 31.76),
    (-108.2, 31.78), (-108.2, 31.33), (-111.07, 31.33), (-114.8, 32.5), (-114.7, 32.72), (-117.13, 32.53),
    (-117.3, 32.6), (-117.32, 33.0), (-117.45, 33.2), (-118.5, 34.0), (-120.6, 34.55), (-121.9, 36.3), (-122.5, 37.5), (-123.0, 38.3),
    (-123.8, 39.8), (-124.4, 40.4), (-124.2, 42.0), (-124.6, 42.8), (-123.95, 46.2), (-124.7, 47.9),
]  # fmt: skip
# Other US land: (south, north, west, east)
BOXES = [
    (54.4, 71.5, -168.5, -141.0),  # Alaska west of the Yukon border
    (54.6, 60.3, -141.0, -130.0),  # the Alaska panhandle
    (51.2, 55.0, -180.0, -160.0),  # the Aleutians
    (18.8, 22.4, -160.5, -154.7),  # Hawaii
    (17.85, 18.6, -67.3, -65.2),  # Puerto Rico
    (17.6, 18.45, -65.1, -64.5),  # U.S. Virgin Islands
    (13.2, 13.7, 144.6, 145.0),  # Guam
]
ZONES = {  # standard-time UTC offsets (22 November: no daylight saving)
    "ET": -5, "CT": -6, "MT": -7, "PT": -8, "AK": -9, "HI": -10, "AT": -4, "ChST": 10,
}  # fmt: skip
COMPASS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
# where the snow alerts are: (first snowy period, south, north, west, east); three snowy periods from the first
SNOW_REGIONS = [
    ("Tonight", 38.5, 41.0, -109.0, -104.6),  # Colorado: the mountains and the Front Range
    ("Today", 41.9, 43.2, -79.8, -78.0),  # western New York, lake effect
    ("Tonight", 47.0, 49.5, -97.5, -89.5),  # northern Minnesota
    ("Today", 47.0, 49.0, -114.5, -111.5),  # Glacier and the Rocky Mountain Front
    ("Today", 46.0, 48.0, -90.5, -87.5),  # the western Upper Peninsula
    ("Today", 59.0, 62.0, -152.0, -148.0),  # Anchorage and the Kenai
]


class Alert(BaseModel):
    """One active alert."""

    event: str = Field(description="Alert type, e.g. 'Winter Storm Warning'")
    area: str = Field(description="Affected zones or counties")
    severity: str = Field(description="Extreme, Severe, Moderate, Minor or Unknown")
    urgency: str = Field(description="Immediate, Expected, Future or Unknown")
    certainty: str = Field(description="Observed, Likely, Possible or Unknown")
    onset: str = Field(description="Start, ISO 8601 with the local offset")
    ends: str = Field(description="End, ISO 8601 with the local offset")
    sender: str = Field(description="Issuing office")
    headline: str = Field(description="One-line summary")
    description: str = Field(description="What, where, when and impacts")
    instruction: str = Field(description="What to do")


class Alerts(BaseModel):
    """Active alerts for one area."""

    state: str = Field(description="The area code asked for, e.g. 'CA'")
    count: int = Field(description="Active alerts")
    message: str = Field(description="'No active alerts for this state.' when there are none")
    alerts: list[Alert] = Field(description="Active alerts, most severe first")


class Period(BaseModel):
    """One forecast period (a day or a night)."""

    number: int = Field(description="1 for the current period")
    name: str = Field(description="e.g. 'Today', 'Tonight', 'Monday', 'Monday Night'")
    start_time: str = Field(description="Start, ISO 8601 with the local offset")
    is_daytime: bool = Field(description="A day period")
    temperature: int = Field(description="High (day) or low (night)")
    temperature_unit: str = Field(description="'F'")
    wind_speed: str = Field(description="e.g. '5 to 10 mph'")
    wind_direction: str = Field(description="Compass direction the wind blows from, e.g. 'NW'")
    short_forecast: str = Field(description="A few words")
    detailed_forecast: str = Field(description="A sentence or three")


class Forecast(BaseModel):
    """The next five forecast periods at a point."""

    latitude: float = Field(description="Latitude of the point (4 decimals)")
    longitude: float = Field(description="Longitude of the point (4 decimals)")
    location: str = Field(description="Nearest place, e.g. '3 mi NW of Denver, CO'")
    office: str = Field(description="Forecast office id, e.g. 'BOU'")
    grid_x: int = Field(description="Grid x of the point")
    grid_y: int = Field(description="Grid y of the point")
    periods: list[Period] = Field(description="The next 5 periods")


def _seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _miles(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 3958.8 * 2 * math.asin(math.sqrt(a))


def _bearing(lat1: float, lon1: float, lat2: float, lon2: float) -> str:
    """Compass direction of point 2 seen from point 1."""
    p1, p2, dl = math.radians(lat1), math.radians(lat2), math.radians(lon2 - lon1)
    x = math.sin(dl) * math.cos(p2)
    y = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    degrees = (math.degrees(math.atan2(x, y)) + 360) % 360
    return COMPASS[round(degrees / 22.5) % 16]


def _in_polygon(lon: float, lat: float, polygon: list[tuple[float, float]]) -> bool:
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def in_us(lat: float, lon: float) -> bool:
    """Whether the NWS has a forecast for the point (the conterminous US, Alaska, Hawaii, territories)."""
    if _in_polygon(lon, lat, CONUS):
        return True
    return any(s <= lat <= n and w <= lon <= e for s, n, w, e in BOXES)


def state_code(text: str) -> str:
    """The NWS area code ``text`` is ('ca' is accepted).

    Raises:
        ValueError: for a state's name (with its code) or anything that is not a US area code.
    """
    raw = (text or "").strip()
    if raw.upper() in STATES or raw.upper() in MARINE:
        return raw.upper()
    key = " ".join(raw.lower().replace(".", " ").split())
    code = OTHER_NAMES.get(raw.lower()) or next((c for c, n in STATES.items() if n.lower() == key), None)
    if code:
        raise ValueError(
            f"Unable to fetch alerts or no alerts found. The area must be a two-letter code: send '{code}' for "
            f"{STATES[code]}, not '{text}'."
        )
    raise ValueError(
        f"Unable to fetch alerts or no alerts found. '{text}' is not a US state code (two letters, e.g. CA, NY)."
    )


def alerts(state: str) -> Alerts:
    """The active alerts of ``state`` on 2026-11-22.

    Raises:
        ValueError: see ``state_code``.
    """
    code = state_code(state)
    rank = {"Extreme": 0, "Severe": 1, "Moderate": 2, "Minor": 3}
    rows = sorted(ALERTS.get(code, []), key=lambda a: rank.get(a[2], 4))
    found = [
        Alert(
            event=event,
            area=area,
            severity=severity,
            urgency=urgency,
            certainty=certainty,
            onset=onset,
            ends=ends,
            sender=sender,
            headline=f"{event} issued November 22 by {sender}",
            description=description,
            instruction=instruction,
        )
        for event, area, severity, urgency, certainty, onset, ends, sender, description, instruction in rows
    ]
    message = f"{len(found)} active alert(s)." if found else "No active alerts for this state."
    return Alerts(state=code, count=len(found), message=message, alerts=found)


def _zone(state: str, lon: float) -> int:
    if state in {"AK"}:
        return ZONES["AK"]
    if state in {"HI"}:
        return ZONES["HI"]
    if state in {"PR", "VI"}:
        return ZONES["AT"]
    if state == "GU":
        return ZONES["ChST"]
    if lon < -114.5 and state in {"CA", "NV", "OR", "WA", "ID"}:
        return ZONES["PT"]
    if lon < -101.5 or state in {"AZ", "UT", "NM", "CO", "WY", "MT"}:
        return ZONES["MT"]
    if lon < -86.5 and state not in {"MI", "IN", "GA", "OH", "KY"}:
        return ZONES["CT"]
    return ZONES["ET"]


def _high_f(lat: float, lon: float, state: str) -> float:
    if state == "HI":
        return 82.0
    if state in {"PR", "VI", "GU"}:
        return 86.0
    base = 80.0 - 2.15 * max(lat - 25.0, 0.0)
    if state in {"CA", "OR", "WA"} and lon < -117.5:
        base += 11.0  # the Pacific keeps the coast mild
    if state == "AK":
        base = 58.0 - 0.6 * lat
    return base


def _conditions(high: int, snowy: bool, roll: int, daytime: bool, arid: bool) -> tuple[str, int]:
    """(short forecast, chance of precipitation in %)."""
    if snowy:
        return ("Heavy Snow", 90) if roll % 2 else ("Snow Likely", 70)
    if arid:
        options = [("Sunny" if daytime else "Clear", 0), ("Mostly Sunny" if daytime else "Mostly Clear", 0)]
        options.append(("Partly Cloudy", 0))
    elif high <= (30 if daytime else 26):
        options = [("Chance Light Snow", 30), ("Mostly Cloudy", 0), ("Snow Showers Likely", 60)]
        options.append(("Partly Sunny" if daytime else "Partly Cloudy", 0))
    else:
        options = [
            ("Sunny" if daytime else "Clear", 0),
            ("Mostly Sunny" if daytime else "Mostly Clear", 0),
            ("Partly Cloudy", 0),
            ("Chance Rain Showers", 40),
            ("Rain Likely", 70),
            ("Mostly Cloudy", 0),
            ("Patchy Fog", 0),
        ]
    return options[roll % len(options)]


def _sentence(short: str, daytime: bool, temperature: int, wind: str, direction: str, pop: int) -> str:
    words = {"Snow Likely": "Snow likely", "Heavy Snow": "Snow, heavy at times"}.get(short, short.capitalize())
    words = words.replace("Chance rain showers", "A chance of rain showers").replace(
        "Chance light snow", "A chance of light snow"
    )
    bound = f"a high near {temperature}" if daytime else f"a low around {temperature}"
    text = f"{words}, with {bound}. {_long_direction(direction)} wind {wind}."
    if pop:
        text += f" Chance of precipitation is {pop}%."
    return text


def _long_direction(code: str) -> str:
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    if len(code) == 1:
        return names[code]
    if len(code) == 2:
        return {"NE": "Northeast", "NW": "Northwest", "SE": "Southeast", "SW": "Southwest"}[code]
    return {
        "NNE": "North northeast", "ENE": "East northeast", "ESE": "East southeast", "SSE": "South southeast",
        "SSW": "South southwest", "WSW": "West southwest", "WNW": "West northwest", "NNW": "North northwest",
    }[code]  # fmt: skip


def forecast(latitude: float, longitude: float) -> Forecast:
    """The next five periods at a US point, from 2026-11-22 12:00 UTC.

    Raises:
        ValueError: for a point outside the NWS area or out of range.
    """
    for value, bound, name in ((latitude, 90, "latitude"), (longitude, 180, "longitude")):
        if isinstance(value, bool) or not isinstance(value, int | float) or not -bound <= value <= bound:
            raise ValueError(f"{name} must be a number from -{bound} to {bound}, not {value!r}.")
    lat, lon = round(float(latitude), 4), round(float(longitude), 4)
    if not in_us(lat, lon):
        hint = " (a west longitude is negative)" if lon > 0 and in_us(lat, -lon) else ""
        raise ValueError(
            f"Unable to fetch forecast data for this location. The NWS forecasts only US points; "
            f"{lat},{lon} is outside its area{hint}."
        )
    name, state, clat, clon, office = min(CITIES, key=lambda c: _miles(lat, lon, c[2], c[3]))
    miles = _miles(clat, clon, lat, lon)
    place = f"{name}, {state}"
    location = place if miles < 1.5 else f"{round(miles)} mi {_bearing(clat, clon, lat, lon)} of {place}"
    grid_x = round(lon * 40) % 160 + 20  # about 2.5 km cells
    grid_y = round(lat * 45) % 140 + 20
    cell = f"{office}/{grid_x},{grid_y}"
    offset = _zone(state, lon)
    local_hour = (12 + offset) % 24
    if local_hour < 6:
        names = ["Overnight", "Today", "Tonight", "Monday", "Monday Night"]
        starts = [(0, local_hour), (0, 6), (0, 18), (1, 6), (1, 18)]
    elif local_hour < 18:
        names = ["Today", "Tonight", "Monday", "Monday Night", "Tuesday"]
        starts = [(0, local_hour), (0, 18), (1, 6), (1, 18), (2, 6)]
    else:  # Guam
        names = ["Tonight", "Monday", "Monday Night", "Tuesday", "Tuesday Night"]
        starts = [(0, local_hour), (1, 6), (1, 18), (2, 6), (2, 18)]
    high = _high_f(lat, lon, state) + _seed(cell) % 9 - 4
    mild = (state in {"CA", "OR", "WA"} and lon < -117.5) or state in {"HI", "FL", "PR", "VI", "GU"}
    region = next((r for r in SNOW_REGIONS if r[1] <= lat <= r[2] and r[3] <= lon <= r[4]), None)
    first_snowy = names.index(region[0]) if region and region[0] in names else None
    periods = []
    for number, (period, (day, hour)) in enumerate(zip(names, starts, strict=True), 1):
        daytime = period not in {"Overnight", "Tonight"} and not period.endswith("Night")
        roll = _seed(f"{cell}#{number}")
        drift = (roll >> 8) % 7 - 3
        drop = 0 if daytime else (8 if mild else 12) + (roll >> 12) % 6
        temperature = round(high + drift - drop)
        snowy = first_snowy is not None and first_snowy <= number - 1 < first_snowy + 3
        if snowy:
            temperature = min(temperature, 31 if daytime else 24)
        short, pop = _conditions(temperature, snowy, roll >> 16, daytime, state in {"AZ", "NV", "NM", "UT"})
        low_wind = 5 + (roll >> 20) % 3 * 5
        gust = 10 if snowy else 0
        wind = f"{low_wind} to {low_wind + 5 + gust} mph" if (roll >> 24) % 3 else f"around {low_wind} mph"
        direction = COMPASS[(roll >> 28) % 16]
        periods.append(
            Period(
                number=number,
                name=period,
                start_time=f"2026-11-{22 + day:02d}T{hour:02d}:00:00{offset:+03d}:00",
                is_daytime=daytime,
                temperature=temperature,
                temperature_unit="F",
                wind_speed=wind,
                wind_direction=direction,
                short_forecast=short,
                detailed_forecast=_sentence(short, daytime, temperature, wind, direction, pop),
            )
        )
    return Forecast(
        latitude=lat, longitude=lon, location=location, office=office, grid_x=grid_x, grid_y=grid_y, periods=periods
    )


server = MCPServer("eval-nws", instructions="US weather alerts and forecasts from the National Weather Service.")


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
async def get_alerts(state: str) -> Alerts:
    """Get weather alerts for a US state.

    Args:
        state: Two-letter US state code (e.g. CA, NY)
    """
    try:
        return alerts(state)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=True))
async def get_forecast(latitude: float, longitude: float) -> Forecast:
    """Get weather forecast for a location.

    Args:
        latitude: Latitude of the location
        longitude: Longitude of the location
    """
    try:
        return forecast(latitude, longitude)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
